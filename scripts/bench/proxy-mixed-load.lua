-- The request mix of scripts/bench/proxy-mixed-load.ts for wrk (https://github.com/wg/wrk,
-- SCRIPTING): 99 reads of the given paths in turn and one lead per hundred requests, the same
-- list autocannon cycles through, every request with "Accept-Encoding: br, gzip" as browsers send.
--
--   wrk -c 100 -d 8s --latency --timeout 10s -s proxy-mixed-load.lua https://host:port -- TAG PATH...
--
-- TAG makes this run's lead addresses its own (bench.lead.TAG.THREAD.N@example.com), so every run
-- of every bench process writes new contacts. done() prints one line the bench reads:
--   mix: sent N leads, answered 200 N, refused 429 N, other non-2xx/3xx N, cpu S s
-- wrk counts only 4xx and 5xx as "Non-2xx or 3xx responses" and does not tell a lead from a read;
-- these counts do, so 429s (the form limit) are kept apart from errors, and the leads answered 200
-- are the ones the bench looks for in the database. "cpu" is the CPU time wrk itself took, all
-- threads together (os.clock() is the process's clock()), to show its share of the machine.

local threads = {}

-- Runs in wrk's main Lua state before each thread's init(): a number for the lead addresses.
function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

local requests = {}
local next_request = 0
local tag = "run"
local headers_host

-- Counted per thread (each has a Lua state of its own) and summed in done() through thread:get().
leads_sent = 0
leads_ok = 0
limited = 0
failed = 0

local function lead()
  leads_sent = leads_sent + 1
  local body = string.format(
    '{"name":"Bench Visitor","email":"bench.lead.%s.%d.%d@example.com","subject":"A new site","message":"We would like a site for our shop in Newport."}',
    tag,
    thread_id,
    leads_sent
  )
  return wrk.format("POST", "/api/contact", {
    ["Host"] = headers_host,
    ["Accept-Encoding"] = "br, gzip",
    ["Content-Type"] = "application/json",
  }, body)
end

function init(args)
  tag = args[1] or tag
  -- wrk.init has set the Host header (host:port) before it calls init().
  headers_host = wrk.headers["Host"]
  local paths = {}
  for i = 2, #args do
    paths[#paths + 1] = args[i]
  end
  if #paths == 0 then
    error("give the paths to read after the tag: wrk ... -s proxy-mixed-load.lua URL -- TAG PATH...")
  end
  -- The reads are formatted once; the lead (index 51, the 51st of the hundred, as in the
  -- autocannon mix) is formatted when sent, with a new address each time.
  for i = 0, 99 do
    if i ~= 50 then
      requests[i + 1] = wrk.format("GET", paths[(i % #paths) + 1], {
        ["Host"] = headers_host,
        ["Accept-Encoding"] = "br, gzip",
      })
    end
  end
end

function request()
  next_request = next_request % 100 + 1
  return requests[next_request] or lead()
end

-- The app answers an accepted lead with {"success":true} (and sends no other answer like it:
-- reads are pages, lists and settings), which tells a lead's answer from a read's here, where
-- wrk gives no way to know which request an answer belongs to.
function response(status, headers, body)
  if status == 429 then
    limited = limited + 1
  elseif status < 200 or status > 399 then
    failed = failed + 1
  elseif status == 200 and body == '{"success":true}' then
    leads_ok = leads_ok + 1
  end
end

function done(summary, latency, requests)
  local sent, ok, refused, other = 0, 0, 0, 0
  for _, thread in ipairs(threads) do
    sent = sent + thread:get("leads_sent")
    ok = ok + thread:get("leads_ok")
    refused = refused + thread:get("limited")
    other = other + thread:get("failed")
  end
  io.write(
    string.format(
      "mix: sent %d leads, answered 200 %d, refused 429 %d, other non-2xx/3xx %d, cpu %.2f s\n",
      sent,
      ok,
      refused,
      other,
      os.clock()
    )
  )
end
