/**
 * Counts of sockets per room (an inquiry's chat, a project's discussion), per
 * client address and in the whole process. A slot is taken synchronously when
 * an upgrade arrives, before any await, so a burst of simultaneous upgrades
 * cannot all pass a check that an asynchronous lookup would only complete
 * later. Open and pending sockets count the same.
 */
export interface SocketLimits {
  perRoom: number;
  perAddress: number;
  perProcess: number;
}

export type Reservation = { ok: true; release: () => void } | { ok: false; status: 429 | 503; error: string };

export interface SocketSlots {
  reserve(roomId: string, address: string): Reservation;
  /** Slots held (open and pending sockets). */
  held(): number;
}

export function createSocketSlots(limits: SocketLimits): SocketSlots {
  const byRoom = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let total = 0;

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    reserve(roomId, address) {
      if (total >= limits.perProcess)
        return { ok: false, status: 503, error: "The chat has too many open connections right now; try again shortly" };
      if ((byAddress.get(address) ?? 0) >= limits.perAddress)
        return { ok: false, status: 429, error: "Too many chat connections from this address" };
      if ((byRoom.get(roomId) ?? 0) >= limits.perRoom)
        return { ok: false, status: 429, error: "Too many connections to this chat" };
      total++;
      add(byAddress, address, 1);
      add(byRoom, roomId, 1);
      let held = true;
      return {
        ok: true,
        // Safe to call from every way a socket can end: only the first call counts.
        release: () => {
          if (!held) return;
          held = false;
          total--;
          add(byAddress, address, -1);
          add(byRoom, roomId, -1);
        },
      };
    },
    held: () => total,
  };
}
