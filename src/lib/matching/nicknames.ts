// Common English given-name short forms and nicknames, grouped by formal name. Written from general
// knowledge of naming customs in Australia, the UK and North America (not from any test data).
// A name may belong to several groups (Alex: Alexander and Alexandra).

const GROUPS: Record<string, string[]> = {
  abigail: ['abby', 'abbie', 'gail'],
  albert: ['al', 'bert', 'bertie'],
  alexander: ['alex', 'al', 'alec', 'sandy', 'xander', 'sasha', 'lex'],
  alexandra: ['alex', 'alexa', 'lexi', 'lexie', 'sandra', 'sandy', 'sasha', 'ally'],
  alfred: ['alf', 'alfie', 'fred', 'freddie'],
  alison: ['ali', 'allie', 'ally'],
  amanda: ['mandy', 'manda'],
  andrew: ['andy', 'drew', 'andie'],
  angela: ['angie', 'ange'],
  anthony: ['tony', 'ant', 'anton'],
  antonio: ['tony', 'toni', 'anto'],
  arthur: ['art', 'artie'],
  barbara: ['barb', 'babs', 'barbie'],
  benjamin: ['ben', 'benny', 'benji'],
  bernard: ['bernie', 'barney'],
  beverly: ['bev'],
  bradley: ['brad'],
  brian: ['bri'],
  bridget: ['biddy', 'bridie', 'bridgie'],
  calvin: ['cal'],
  cameron: ['cam'],
  caroline: ['carrie', 'caro', 'carol'],
  catherine: ['cathy', 'cath', 'kate', 'katie', 'cat', 'kathy', 'kath', 'cate'],
  charles: ['charlie', 'chuck', 'chas', 'chaz', 'chip'],
  charlotte: ['charlie', 'lottie', 'lotte', 'char'],
  christina: ['chris', 'tina', 'chrissy', 'christie'],
  christine: ['chris', 'chrissy', 'tina', 'christie'],
  christopher: ['chris', 'kit', 'topher', 'christo'],
  cynthia: ['cindy', 'cyn'],
  daniel: ['dan', 'danny', 'dani'],
  danielle: ['dani', 'danni', 'elle'],
  david: ['dave', 'davey', 'davy', 'dai'],
  deborah: ['deb', 'debbie', 'debby'],
  dennis: ['den', 'denny'],
  diana: ['di', 'diane'],
  dominic: ['dom', 'nic'],
  donald: ['don', 'donny', 'donnie'],
  dorothy: ['dot', 'dotty', 'dottie', 'dolly', 'dora'],
  douglas: ['doug', 'dougie'],
  edward: ['ed', 'eddie', 'eddy', 'ted', 'teddy', 'ned'],
  edmund: ['ed', 'eddie', 'ned'],
  eleanor: ['ellie', 'elle', 'nora', 'nell', 'nellie', 'elly'],
  elizabeth: ['liz', 'lizzie', 'lizzy', 'beth', 'betty', 'bess', 'bessie', 'eliza', 'libby', 'betsy', 'elsie', 'lisa', 'ellie', 'liza'],
  emily: ['em', 'emmy', 'millie'],
  emma: ['em', 'emmy'],
  eugene: ['gene'],
  evelyn: ['evie', 'eve', 'lyn'],
  francesca: ['fran', 'frankie', 'chessie'],
  frances: ['fran', 'frankie', 'fanny'],
  francis: ['frank', 'frankie', 'fran'],
  frederick: ['fred', 'freddie', 'freddy', 'rick'],
  gabriel: ['gabe', 'gabby'],
  gabrielle: ['gabby', 'gabi', 'elle'],
  geoffrey: ['geoff', 'jeff'],
  jeffrey: ['jeff', 'geoff'],
  george: ['georgie'],
  georgina: ['georgie', 'gina'],
  gerald: ['gerry', 'jerry', 'ged'],
  gregory: ['greg', 'gregg'],
  harold: ['harry', 'hal'],
  harriet: ['hattie', 'harry'],
  helen: ['nell', 'nellie', 'lena'],
  henry: ['harry', 'hank', 'hal', 'hen'],
  isabel: ['izzy', 'isa', 'bella', 'belle', 'issy'],
  isabella: ['izzy', 'bella', 'belle', 'issy', 'isa'],
  jacob: ['jake', 'jack', 'jay'],
  jacqueline: ['jackie', 'jacqui', 'jacky'],
  james: ['jim', 'jimmy', 'jamie', 'jimbo', 'jem'],
  janet: ['jan', 'jen', 'netty'],
  jennifer: ['jen', 'jenny', 'jenn', 'jenni', 'jennie'],
  jessica: ['jess', 'jessie', 'jessy'],
  joanna: ['jo', 'jojo', 'joanne'],
  john: ['jack', 'johnny', 'jon', 'jonny'],
  jonathan: ['jon', 'jonny', 'john', 'nathan', 'jonty'],
  joseph: ['joe', 'joey', 'jo', 'jos'],
  josephine: ['jo', 'josie', 'jojo', 'josey'],
  joshua: ['josh'],
  judith: ['judy', 'jude'],
  julia: ['jules', 'julie'],
  katherine: ['kate', 'katie', 'kathy', 'kath', 'kat', 'kit', 'kitty', 'cat', 'cathy', 'kay'],
  kathleen: ['kath', 'kathy', 'kate', 'katie', 'kay'],
  kenneth: ['ken', 'kenny'],
  kimberly: ['kim', 'kimmy'],
  lawrence: ['larry', 'laurie', 'lawrie', 'loz'],
  leonard: ['len', 'lenny', 'leo'],
  leslie: ['les'],
  lucas: ['luke'],
  luke: ['lucas'],
  margaret: ['maggie', 'meg', 'peggy', 'marge', 'margie', 'madge', 'greta', 'molly', 'mags', 'daisy', 'rita'],
  martin: ['marty'],
  matthew: ['matt', 'matty', 'mat'],
  maximilian: ['max'],
  maxwell: ['max'],
  megan: ['meg', 'meggie'],
  melissa: ['mel', 'missy', 'lissa'],
  melanie: ['mel'],
  michael: ['mike', 'mick', 'mikey', 'micky', 'mickey', 'mich'],
  michelle: ['shelly', 'shell', 'mish', 'chelle'],
  mitchell: ['mitch'],
  nathan: ['nate', 'nat'],
  nathaniel: ['nate', 'nat', 'nathan'],
  nicholas: ['nick', 'nicky', 'nico', 'nic', 'cole'],
  nicola: ['nicky', 'nikki', 'nic'],
  nicole: ['nicky', 'nikki', 'nic', 'cole'],
  oliver: ['ollie', 'olly', 'noll'],
  olivia: ['liv', 'livvy', 'ollie'],
  pamela: ['pam', 'pammy'],
  patricia: ['pat', 'patty', 'patsy', 'tricia', 'trish', 'tish'],
  patrick: ['pat', 'paddy', 'patty', 'rick'],
  peter: ['pete', 'petey'],
  philip: ['phil', 'pip'],
  phillip: ['phil', 'pip'],
  rachel: ['rach', 'rae'],
  raymond: ['ray'],
  rebecca: ['becky', 'becca', 'bec', 'beck'],
  richard: ['rick', 'ricky', 'dick', 'rich', 'richie', 'ritchie'],
  robert: ['rob', 'bob', 'bobby', 'robbie', 'bert', 'robby', 'bertie'],
  roberta: ['bobbie', 'robbie', 'bertie'],
  rodney: ['rod', 'roddy'],
  ronald: ['ron', 'ronnie', 'ronny'],
  rosemary: ['rose', 'rosie'],
  samantha: ['sam', 'sammy', 'sammie'],
  samuel: ['sam', 'sammy', 'sammie'],
  sandra: ['sandy', 'sandi'],
  sarah: ['sally', 'sadie', 'sal'],
  sebastian: ['seb', 'bastian', 'sebby'],
  stephanie: ['steph', 'stephie', 'stevie'],
  stephen: ['steve', 'stevie', 'steph'],
  steven: ['steve', 'stevie'],
  stuart: ['stu'],
  susan: ['sue', 'susie', 'suzy', 'suzie'],
  suzanne: ['sue', 'suzie', 'suzy'],
  theodore: ['ted', 'teddy', 'theo'],
  thomas: ['tom', 'tommy', 'thom'],
  timothy: ['tim', 'timmy'],
  valerie: ['val'],
  victoria: ['vicky', 'vicki', 'tori', 'vic', 'vikki'],
  vincent: ['vince', 'vinnie', 'vinny'],
  walter: ['walt', 'wally'],
  william: ['will', 'bill', 'billy', 'willie', 'willy', 'liam', 'wills'],
  zachary: ['zach', 'zack', 'zac'],
  theresa: ['tess', 'tessa', 'terri', 'terry', 'tracy', 'tessie'],
  teresa: ['tess', 'tessa', 'terri', 'terry', 'tracy'],
  // Short forms and anglicised forms used across cultures.
  siobhan: ['shiv', 'shiv'],
  grzegorz: ['greg', 'grzesiek'],
  ruairidh: ['rory', 'ruari'],
  ruaridh: ['rory', 'ruari'],
  padraig: ['paddy', 'pat', 'patrick'],
  sean: ['shaun', 'shawn'],
  mohammed: ['mo', 'moe', 'hamoudi'],
  muhammad: ['mo', 'moe'],
  giuseppe: ['pino', 'beppe', 'peppe', 'joe'],
  giovanni: ['gianni', 'john', 'nino'],
  francesco: ['franco', 'frank', 'cesco'],
  salvatore: ['sal', 'toto', 'sam'],
  konstantinos: ['kostas', 'con', 'connie', 'dino', 'gus'],
  constantine: ['con', 'connie', 'gus', 'dino', 'costa'],
  dimitrios: ['jim', 'jimmy', 'dimitri', 'mitsos', 'taki'],
  georgios: ['george', 'giorgos'],
  ioannis: ['john', 'giannis', 'yianni'],
  aleksandr: ['sasha', 'alex', 'sanya'],
  yekaterina: ['katya', 'kate'],
  ekaterina: ['katya', 'kate'],
  jose: ['pepe', 'chema', 'joe'],
  francisco: ['paco', 'pancho', 'frank', 'cisco'],
  guillermo: ['memo', 'will', 'bill'],
  enrique: ['kike', 'henry'],
  ignacio: ['nacho'],
  dolores: ['lola'],
  mercedes: ['merche', 'mercy'],
  wojciech: ['wojtek'],
  malgorzata: ['gosia', 'margaret'],
  katarzyna: ['kasia', 'kate'],
  aleksandra: ['ola', 'olek', 'alex'],
  johannes: ['hans', 'jan', 'john'],
  wilhelmina: ['mina', 'willa'],
  venkataraman: ['venkat'],
  subramanian: ['subbu', 'subra'],
  krishnamurthy: ['krishna'],
  rajendra: ['raj'],
  rajesh: ['raj'],
};

const canonical = new Map<string, Set<string>>();

function link(name: string, group: string) {
  let set = canonical.get(name);
  if (!set) canonical.set(name, (set = new Set()));
  set.add(group);
}

for (const [formal, nicks] of Object.entries(GROUPS)) {
  link(formal, formal);
  for (const nick of nicks) link(nick, formal);
}

const NO_GROUPS: ReadonlySet<string> = new Set();

/** The formal names a given name can stand for (itself when it is one); none for a name not listed. */
export function nameGroups(given: string): ReadonlySet<string> {
  return canonical.get(given) ?? NO_GROUPS;
}

const shortForms = new Map<string, Set<string>>(Object.entries(GROUPS).map(([formal, nicks]) => [formal, new Set(nicks)]));
const related = new Map<string, Set<string>>();

/** Every name that can be the same given name as `name` (memoised: matching asks millions of times). */
export function relatedNames(name: string): ReadonlySet<string> | undefined {
  const groups = canonical.get(name);
  if (!groups) return undefined;
  let names = related.get(name);
  if (names) return names;
  names = new Set<string>();
  for (const formal of groups) {
    const nicks = shortForms.get(formal)!;
    names.add(formal);
    for (const nick of nicks) names.add(nick);
    for (const [other, otherNicks] of shortForms) {
      for (const nick of otherNicks) {
        if (nicks.has(nick)) {
          names.add(other);
          break;
        }
      }
    }
  }
  related.set(name, names);
  return names;
}

/**
 * True when two given names can be the same person's: equal, one a known short form of the other,
 * or two spellings that share a short form (Geoffrey and Jeffrey are both Jeff).
 */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return true;
  return (relatedNames(a)?.has(b) ?? false) || (relatedNames(b)?.has(a) ?? false);
}
