// Common English given-name short forms and nicknames, grouped by formal name. Written from general
// knowledge of naming customs in Australia, the UK and North America (not from any test data).
// A name may belong to several groups (Alex: Alexander and Alexandra).
import { jaroWinkler } from './jaro-winkler.ts';

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
  jonathan: ['jon', 'jonny', 'john', 'jonty'],
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
  patrick: ['pat', 'paddy', 'patty'],
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
  suzanne: ['sue', 'suzie', 'suzy', 'susan'],
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
  giuseppe: ['pino', 'beppe', 'peppe', 'joe', 'joseph'],
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
  guillermo: ['memo', 'will', 'bill', 'william'],
  enrique: ['kike', 'henry'],
  ignacio: ['nacho'],
  dolores: ['lola'],
  mercedes: ['merche', 'mercy'],
  wojciech: ['wojtek'],
  malgorzata: ['gosia', 'margaret'],
  katarzyna: ['kasia', 'kate', 'katherine', 'catherine'],
  aleksandra: ['ola', 'olek', 'alex'],
  johannes: ['hans', 'jan', 'john'],
  wilhelmina: ['mina', 'willa'],
  venkataraman: ['venkat'],
  subramanian: ['subbu', 'subra'],
  krishnamurthy: ['krishna'],
  rajendra: ['raj'],
  rajesh: ['raj'],
  // More short forms in everyday use in Australia, New Zealand, the UK, Ireland and North America.
  abraham: ['abe', 'bram'],
  agnes: ['aggie', 'nessa'],
  alistair: ['alastair', 'alasdair', 'alister'],
  amelia: ['millie'],
  anastasia: ['tasha', 'nastya', 'stasia'],
  anne: ['ann', 'annie', 'nan', 'nancy'],
  archibald: ['archie', 'archy'],
  augustus: ['gus', 'gussie', 'augie'],
  barry: ['baz', 'bazza'],
  beatrice: ['bea', 'bee', 'trixie', 'beatrix'],
  benedict: ['ben', 'benny', 'benedikt'],
  caitlin: ['cait', 'caitlyn', 'kaitlin', 'kaitlyn', 'katelyn', 'kate', 'katie'],
  cassandra: ['cass', 'cassie'],
  cecilia: ['cece', 'cissy', 'celia', 'cecily'],
  clifford: ['cliff'],
  colin: ['col'],
  darren: ['daz', 'dazza'],
  edwin: ['ed', 'eddie', 'ned'],
  elaine: ['lainey'],
  elena: ['ellie', 'lena', 'elle', 'helena'],
  ellen: ['ellie', 'nell', 'nellie'],
  ernest: ['ernie'],
  esther: ['essie', 'hettie'],
  florence: ['flo', 'florrie', 'flossie'],
  gareth: ['gaz', 'gazza'],
  gertrude: ['gertie', 'trudy', 'trudie'],
  gillian: ['gill', 'jill', 'gilly', 'jillian'],
  gwendolyn: ['gwen', 'wendy'],
  herbert: ['herb', 'herbie'],
  howard: ['howie'],
  jane: ['janey', 'janie'],
  jasmine: ['jaz', 'jazz', 'jasmin', 'yasmin', 'yasmine'],
  jeremy: ['jez', 'jerry'],
  jocelyn: ['joss'],
  kirsty: ['kirsten', 'kirstie', 'kirstin'],
  lachlan: ['lachie', 'lochie', 'lockie', 'lachy'],
  leonardo: ['leo', 'leon', 'leonard'],
  lillian: ['lily', 'lilly', 'lil', 'lilian'],
  louis: ['lou', 'louie'],
  louise: ['lou', 'lulu', 'louisa'],
  lucinda: ['cindy'],
  madeleine: ['maddie', 'maddy', 'madeline', 'madelyn', 'mads'],
  marjorie: ['marge', 'margie', 'madge'],
  mary: ['molly', 'polly', 'mamie', 'mimi'],
  matilda: ['tilly', 'tillie', 'tilda', 'mattie'],
  mildred: ['millie'],
  natalie: ['natalia', 'nattie', 'tally'],
  natasha: ['tash', 'tasha'],
  neil: ['neal', 'neill', 'niall'],
  norman: ['norm'],
  penelope: ['penny', 'pen'],
  percival: ['percy'],
  priscilla: ['cilla', 'prissy'],
  prudence: ['prue', 'pru'],
  randolph: ['randy'],
  reginald: ['reg', 'reggie'],
  roderick: ['rod', 'roddy'],
  roger: ['rodge'],
  rosalind: ['ros', 'roz', 'rosie', 'rosalyn'],
  russell: ['russ'],
  sophia: ['sophie', 'soph'],
  stanley: ['stan'],
  sylvia: ['syl', 'sylvie'],
  terence: ['terry', 'tel', 'terrence', 'terrance'],
  tobias: ['toby'],
  trevor: ['trev'],
  virginia: ['ginny', 'ginger'],
  vivian: ['viv'],
  wilfred: ['wilf'],
  winifred: ['winnie', 'freda'],
  yvonne: ['vonnie'],
  // Irish and Scottish names and their English forms.
  seamus: ['shay', 'james'],
  eoin: ['owen'],
  niamh: ['neve', 'neev'],
  diarmuid: ['dermot', 'diarmaid'],
  tadhg: ['tim', 'teague'],
  hamish: ['james'],
  iain: ['ian'],
  mairi: ['mary'],
  catriona: ['katrina', 'trina', 'cat'],
  eilidh: ['ellie', 'helen'],
  // Other languages: short forms and the English names people go by.
  alejandro: ['alex', 'ale', 'alejo'],
  alejandra: ['ale', 'alex'],
  eduardo: ['eddie', 'edu', 'lalo'],
  fernando: ['nando', 'fer'],
  roberto: ['beto', 'rob', 'robert'],
  alberto: ['beto', 'albert'],
  manuel: ['manny', 'manolo'],
  rafael: ['rafa'],
  guadalupe: ['lupe', 'lupita'],
  rosario: ['charo'],
  concepcion: ['concha', 'conchita'],
  vincenzo: ['enzo', 'vince'],
  lorenzo: ['enzo'],
  domenico: ['mimmo', 'dom'],
  alessandro: ['sandro', 'ale', 'alex'],
  massimo: ['max'],
  panagiotis: ['panos', 'takis', 'peter'],
  athanasios: ['thanasis', 'thanos', 'tom'],
  christos: ['chris'],
  evangelos: ['vangelis', 'angelo'],
  spyridon: ['spiros', 'spyros', 'spiro'],
  vasileios: ['vasilis', 'bill'],
  nikolaos: ['nikos', 'nick'],
  charalambos: ['babis', 'bambos'],
  eleni: ['helen', 'lena'],
  aikaterini: ['katerina', 'kate'],
  vladimir: ['vlad', 'volodya'],
  dmitry: ['dima', 'dmitri', 'dimitri'],
  mikhail: ['misha', 'michael'],
  alexei: ['alyosha', 'lyosha', 'alex'],
  nikolai: ['kolya', 'nick'],
  sergei: ['seryozha', 'sergey'],
  ivan: ['vanya'],
  tatiana: ['tanya', 'tatyana'],
  yelena: ['lena', 'elena'],
  olga: ['olya'],
  svetlana: ['sveta'],
  yevgeny: ['zhenya', 'eugene', 'evgeny'],
  pavel: ['pasha', 'paul'],
  jakub: ['kuba', 'jacob'],
  krzysztof: ['krzys', 'chris'],
  tomasz: ['tomek', 'tom'],
  agnieszka: ['aga', 'agnes'],
  magdalena: ['magda', 'lena'],
  stanislaw: ['staszek', 'stan'],
  piotr: ['piotrek', 'peter'],
  pawel: ['pawelek', 'paul'],
  friedrich: ['fritz', 'fred'],
  wolfgang: ['wolf'],
  hendrik: ['henk', 'henry'],
  willem: ['wim', 'william'],
  cornelis: ['kees'],
  srinivasan: ['srini'],
  venkatesh: ['venky', 'venkat'],
  balasubramanian: ['bala'],
  lakshmi: ['lakshmy'],
  priyanka: ['priya'],
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

/**
 * Two formal names that share a short form are one name only when they are also spelled alike
 * (Geoffrey and Jeffrey, Mohammed and Muhammad). Different names share short forms too (Albert and
 * Robert are both Bert, Edward and Theodore both Ted, Samuel and Samantha both Sam): those stay apart.
 */
const SAME_NAME_SPELLING = 0.85;

/**
 * Women's names in the table. A woman's and a man's name spelled alike and sharing a short form are
 * two names (Christine and Christos are both Chris, Patricia and Patrick both Pat).
 */
const WOMEN = new Set(
  `abigail agnes agnieszka aikaterini alejandra aleksandra alexandra alison amanda amelia anastasia angela anne barbara
  beatrice beverly bridget caitlin caroline cassandra catherine catriona cecilia charlotte christina christine concepcion
  cynthia danielle deborah diana dolores dorothy eilidh ekaterina elaine eleanor elena eleni elizabeth ellen emily emma
  esther evelyn florence frances francesca gabrielle georgina gertrude gillian guadalupe gwendolyn harriet helen isabel
  isabella jacqueline jane janet jasmine jennifer jessica joanna jocelyn josephine judith julia katarzyna katherine
  kathleen kimberly kirsty lakshmi lillian louise lucinda madeleine magdalena mairi malgorzata margaret marjorie mary
  matilda megan melanie melissa mercedes michelle mildred natalie natasha niamh nicola nicole olga olivia pamela patricia
  penelope priscilla priyanka prudence rachel rebecca roberta rosalind rosario rosemary samantha sandra sarah siobhan
  sophia stephanie susan suzanne svetlana sylvia tatiana teresa theresa valerie victoria virginia wilhelmina winifred
  yekaterina yelena yvonne`.split(/\s+/),
);

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
      if (other === formal || WOMEN.has(other) !== WOMEN.has(formal) || jaroWinkler(formal, other) < SAME_NAME_SPELLING) continue;
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
 * or two spellings of one name that share a short form (Geoffrey and Jeffrey are both Jeff).
 */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return true;
  return (relatedNames(a)?.has(b) ?? false) || (relatedNames(b)?.has(a) ?? false);
}
