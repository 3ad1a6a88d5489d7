/**
 * People and places of the seed: first and last names as they come in Rhode Island (Portuguese,
 * Cape Verdean, Italian, Irish, French-Canadian, Dominican, Southeast Asian families beside
 * the rest), its 39 cities and towns with a ZIP code each, and streets. ASCII only: e-mail
 * addresses are made from the names.
 */

// prettier-ignore
export const FIRST_NAMES = [
  "Maria", "Ana", "Sofia", "Isabella", "Olivia", "Emma", "Ava", "Mia", "Amelia", "Harper", "Evelyn", "Abigail",
  "Emily", "Elizabeth", "Jennifer", "Jessica", "Ashley", "Sarah", "Amanda", "Melissa", "Nicole", "Stephanie",
  "Heather", "Rebecca", "Laura", "Michelle", "Kimberly", "Lisa", "Karen", "Donna", "Susan", "Patricia", "Linda",
  "Deborah", "Carla", "Denise", "Tina", "Gina", "Lauren", "Megan", "Rachel", "Katie", "Brianna", "Alyssa",
  "Jasmine", "Yesenia", "Rosa", "Carmen", "Luz", "Dina", "Fatima", "Priya", "Linh", "Mai", "Sokha", "Grace",
  "Chloe", "Natalie", "Hannah", "Kayla", "Colleen", "Kristen", "Alicia", "Vanessa", "Teresa", "Paula",
  "Michael", "James", "John", "Robert", "David", "William", "Richard", "Joseph", "Thomas", "Christopher",
  "Daniel", "Matthew", "Anthony", "Mark", "Steven", "Paul", "Andrew", "Joshua", "Kevin", "Brian", "Jason",
  "Ryan", "Eric", "Justin", "Brandon", "Nicholas", "Jonathan", "Adam", "Patrick", "Sean", "Kyle", "Derek",
  "Marcus", "Luis", "Carlos", "Jose", "Miguel", "Manuel", "Antonio", "Paulo", "Joao", "Rui", "Tiago", "Vinny",
  "Sal", "Dominic", "Vincent", "Frank", "Gino", "Marco", "Enzo", "Liam", "Noah", "Ethan", "Mason", "Logan",
  "Lucas", "Owen", "Caleb", "Nathan", "Aaron", "Omar", "Ahmed", "Minh", "Duc", "Sophal", "Raj", "Arjun", "Kofi",
  "Emmanuel", "Keith", "Dennis", "Ray", "Gary", "Craig", "Shane", "Brendan", "Declan", "Connor", "Angela",
];

// prettier-ignore
export const LAST_NAMES = [
  "Silva", "Medeiros", "Pereira", "Costa", "Souza", "Almeida", "Furtado", "Amaral", "Rego", "Pacheco", "Correia",
  "Andrade", "Lopes", "Fernandes", "Gomes", "Monteiro", "Tavares", "Barros", "Russo", "DiMaio", "Ferrara",
  "Caruso", "Marino", "Ricci", "Lombardi", "Capaldi", "DeLuca", "Mancini", "Iannotti", "Cardi", "Rotondo",
  "Santoro", "Votolato", "Murphy", "Sullivan", "O'Brien", "Kelly", "Walsh", "McCarthy", "Gallagher", "Quinn",
  "Doyle", "Flanagan", "Carroll", "Gagnon", "Pelletier", "Belanger", "Ouellette", "Levesque", "Theroux",
  "Boucher", "Cote", "Dubois", "Lachance", "Rodriguez", "Martinez", "Santos", "Ramirez", "Reyes", "Vargas",
  "Guzman", "Pena", "Rosario", "Nunez", "Nguyen", "Tran", "Pham", "Sok", "Chea", "Vang", "Kim", "Chen",
  "Patel", "Shah", "Hagopian", "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson",
  "Anderson", "Taylor", "Thomas", "Moore", "Martin", "Clark", "Lewis", "Walker", "Hall", "Allen", "Young",
  "King", "Wright", "Hill", "Green", "Adams", "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner",
  "Phillips", "Campbell", "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris", "Rogers", "Reed",
  "Cook", "Morgan", "Bell", "Cooper", "Richardson", "Howard", "Ward", "Brady", "Greene", "Hazard", "Chace",
  "Whipple", "Potter", "Babcock", "Tillinghast", "Wilcox", "Sheldon",
];

/** Town, ZIP, and a weight near its share of the state's small businesses. */
// prettier-ignore
export const TOWNS: readonly (readonly [string, string, number])[] = [
  ["Providence", "02903", 16], ["Providence", "02906", 6], ["Providence", "02908", 4], ["Warwick", "02886", 7],
  ["Warwick", "02888", 3], ["Cranston", "02920", 7], ["Pawtucket", "02860", 6], ["East Providence", "02914", 4],
  ["Woonsocket", "02895", 3], ["Newport", "02840", 5], ["Coventry", "02816", 3], ["Cumberland", "02864", 3],
  ["North Providence", "02911", 3], ["South Kingstown", "02879", 3], ["West Warwick", "02893", 2],
  ["Johnston", "02919", 2], ["North Kingstown", "02852", 3], ["Westerly", "02891", 3], ["Bristol", "02809", 2],
  ["Lincoln", "02865", 2], ["Smithfield", "02917", 2], ["Central Falls", "02863", 1], ["Portsmouth", "02871", 2],
  ["Barrington", "02806", 2], ["Middletown", "02842", 2], ["Burrillville", "02830", 1], ["Narragansett", "02882", 2],
  ["Tiverton", "02878", 1], ["East Greenwich", "02818", 2], ["North Smithfield", "02896", 1], ["Warren", "02885", 1],
  ["Scituate", "02857", 1], ["Glocester", "02814", 1], ["Hopkinton", "02833", 1], ["Charlestown", "02813", 1],
  ["Richmond", "02898", 1], ["Exeter", "02822", 1], ["West Greenwich", "02817", 1], ["Jamestown", "02835", 1],
  ["Little Compton", "02837", 1], ["Foster", "02825", 1], ["New Shoreham", "02807", 1],
];

// prettier-ignore
export const STREETS = [
  "Main St", "Broad St", "Hope St", "Thayer St", "Atwells Ave", "Westminster St", "Elmwood Ave", "Broadway",
  "Wickenden St", "Smith St", "Chalkstone Ave", "Post Rd", "Warwick Ave", "Reservoir Ave", "Park Ave",
  "Bellevue Ave", "Thames St", "Spring St", "Boon St", "Tower Hill Rd", "Kingstown Rd", "Ocean Rd", "Water St",
  "County Rd", "Child St", "Newport Ave", "Taunton Ave", "Mendon Rd", "Diamond Hill Rd", "Putnam Pike",
  "Centerville Rd", "Quaker Ln", "Division St", "Angell St", "Wayland Ave", "Charles St", "Cowesett Rd",
  "Greenville Ave", "Admiral St", "Point Judith Rd",
];

/** Reserved for examples (RFC 2606): a seeded outbox can never mail a real person. */
export const EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ["example.com", 50],
  ["example.net", 30],
  ["example.org", 20],
];

/** Letters only, lower case: the part of a name an e-mail address keeps. */
export const emailPart = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

/**
 * Contacts are named by a bijection of their id onto (first, last) pairs, and their address is
 * first.last, first_last or firstlast: unique as long as no two pairs run together into the
 * same letters ("Ann" + "Alee" = "Anna" + "Lee"). Checked once, here.
 */
export function assertNamesJoinUniquely(): void {
  const seen = new Set<string>();
  for (const first of FIRST_NAMES)
    for (const last of LAST_NAMES) {
      const joined = emailPart(first) + emailPart(last);
      if (seen.has(joined)) throw new Error(`two names join into the e-mail part "${joined}"`);
      seen.add(joined);
    }
}
