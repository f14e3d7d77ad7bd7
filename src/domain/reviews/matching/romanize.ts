// Names written in another script, read as the Latin spellings customers give staff: Chinese
// characters as pinyin, Korean Hangul as Revised Romanisation, Cyrillic and Greek letter by letter.
// Family names also carry the spellings used outside the mainland and Korea (陈 Chen, Chan, Tan;
// 이 Lee, Yi, Rhee). Written from general knowledge of these writing systems, not from any test data.

/** A name rewritten in Latin letters, and other Latin spellings of its words (word -> alternatives). */
export interface Romanized {
  text: string;
  aliases: Map<string, string[]>;
}

// ---------------------------------------------------------------------------------------------
// Chinese characters. A family name (one character, or one of the two-character family names)
// comes first, then a given name of one to three characters. Simplified and traditional forms.

/** Family-name characters: pinyin first, then common Cantonese, Hokkien, Wade-Giles spellings. */
const HAN_FAMILY_DATA = `
王:wang,wong 李:li,lee 张張:zhang,chang,cheung 刘劉:liu,lau,lao 陈陳:chen,chan,tan 杨楊:yang,yeung,yeo
黄黃:huang,wong,hwang 赵趙:zhao,chiu,chao 吴吳:wu,ng,goh 周:zhou,chow,chou,chau 徐:xu,tsui,hsu,chui
孙孫:sun,suen 马馬:ma,mah 朱:zhu,chu,choo 胡:hu,woo,wu 郭:guo,kwok,kuo 何:he,ho 高:gao,ko,kao
林:lin,lam,lim 罗羅:luo,law,lo,loh 郑鄭:zheng,cheng,cheang 梁:liang,leung,leong 谢謝:xie,tse,hsieh,chia
宋:song,sung 唐:tang,tong 许許:xu,hui,hsu,koh 韩韓:han,hon 冯馮:feng,fung 邓鄧:deng,tang,teng
曹:cao,tso,tsao 彭:peng,pang 曾:zeng,tsang,tseng 肖萧蕭:xiao,siu,hsiao 田:tian,tin 董:dong,tung
袁:yuan,yuen 潘:pan,poon 于:yu 蒋蔣:jiang,chiang 蔡:cai,choi,tsai,chua 余:yu,yue,yee
杜:du,to,tu 叶葉:ye,yip,yeh,yap 程:cheng,ching 苏蘇:su,so 魏:wei,ngai 吕呂:lu,lui,lyu
丁:ding,ting 任:ren,yam,jen 沈:shen,sham,shum 姚:yao,yiu 卢盧:lu,lo,lou 姜:jiang,keung
崔:cui,tsui,choi 钟鍾鐘:zhong,chung 谭譚:tan,tam 陆陸:lu,luk 汪:wang,wong 范:fan 金:jin,kam,kim
石:shi,shek 廖:liao,liu 贾賈:jia,ka 夏:xia,ha 韦韋:wei,wai 傅:fu 方:fang,fong 白:bai,pak
邹鄒:zou,chau,tsou 孟:meng,mang 熊:xiong,hung 秦:qin,chun,chin 邱丘:qiu,yau,khoo,chiu 江:jiang,kong
尹:yin,wan 薛:xue,sit 闫閆阎閻:yan,yim 段:duan,tuen 雷:lei,lui 侯:hou,hau 龙龍:long,lung
史:shi,sze 陶:tao,to 黎:li,lai 贺賀:he,ho 顾顧:gu,koo 毛:mao,mo 郝:hao 龚龔:gong,kung 邵:shao,siu
万萬:wan,man 钱錢:qian,chin 严嚴:yan,yim 覃:qin,tam 武:wu,mo 戴:dai,tai 莫:mo,mok 孔:kong,hung
向:xiang,heung 汤湯:tang,tong 常:chang,sheung 温溫:wen,wan 康:kang,hong 施:shi,sze 文:wen,man
樊:fan 葛:ge,kot 邢:xing,ying 安:an,on 齐齊:qi,chai 易:yi,yik 乔喬:qiao,kiu 伍:wu,ng
庞龐:pang,pong 颜顏:yan,ngan 倪:ni,ngai 庄莊:zhuang,chong 聂聶:nie,nip 章:zhang,cheung
鲁魯:lu,lo 岳:yue,ngok 殷:yin,yan 詹:zhan,chim 欧歐:ou,au 关關:guan,kwan 柳:liu,lau 甘:gan,kam
包:bao,pao 宁寧:ning,ling 符:fu,foo 柯:ke,kor 纪紀:ji,kei 梅:mei,mui 凌:ling 霍:huo,fok
麦麥:mai,mak 简簡:jian,kan 连連:lian,lin 游:you,yau,yu 翁:weng,yung 单單:shan,sin 利:li,lee
`;

/** Family names of two characters. */
const HAN_COMPOUND: Record<string, string[]> = {
  司徒: ['situ', 'szeto', 'seto'],
  欧阳: ['ouyang', 'auyeung', 'auyang'],
  歐陽: ['ouyang', 'auyeung', 'auyang'],
  司马: ['sima', 'szema'],
  司馬: ['sima', 'szema'],
  诸葛: ['zhuge'],
  諸葛: ['zhuge'],
  上官: ['shangguan'],
  东方: ['dongfang'],
  東方: ['dongfang'],
  皇甫: ['huangfu'],
  令狐: ['linghu'],
  夏侯: ['xiahou'],
  慕容: ['murong'],
  公孙: ['gongsun'],
  公孫: ['gongsun'],
  端木: ['duanmu'],
};

/** Characters common in given names, with their usual reading in a name. */
const HAN_GIVEN_DATA = `
伟偉:wei 芳:fang 娜:na 秀:xiu 英:ying 敏:min 静靜:jing 丽麗:li 强強:qiang 磊:lei 军軍:jun 洋:yang
勇:yong 艳艷豔:yan 杰傑:jie 娟:juan 涛濤:tao 明:ming 超:chao 兰蘭:lan 霞:xia 平:ping 刚剛:gang
桂:gui 华華:hua 红紅:hong 玉:yu 萍:ping 燕:yan 鹏鵬:peng 辉輝:hui 玲:ling 梅:mei 飞飛:fei 鑫:xin
波:bo 斌:bin 彬:bin 宇:yu 浩:hao 凯凱:kai 健:jian 俊:jun 帆:fan 帅帥:shuai 旭:xu 宁寧:ning
龙龍:long 林:lin 欢歡:huan 阳陽:yang 建:jian 国國:guo 峰:feng 亮:liang 成:cheng 海:hai 云雲:yun
晨:chen 慧:hui 琳:lin 雪:xue 婷:ting 倩:qian 颖穎:ying 佳:jia 欣:xin 怡:yi 晶:jing 洁潔:jie
琴:qin 莉:li 琪:qi 蕾:lei 薇:wei 菲:fei 璐:lu 露:lu 瑶瑤:yao 瑞:rui 婧:jing 雯:wen 文:wen 博:bo
涵:han 轩軒:xuan 子:zi 梓:zi 睿:rui 泽澤:ze 然:ran 一:yi 诺諾:nuo 依:yi 可:ke 思:si 雨:yu
萱:xuan 嘉:jia 晓曉:xiao 小:xiao 春:chun 秋:qiu 冬:dong 东東:dong 志:zhi 新:xin 永:yong 立:li
光:guang 庆慶:qing 生:sheng 荣榮:rong 德:de 福:fu 贵貴:gui 祥:xiang 安:an 清:qing 振:zhen
兴興:xing 良:liang 鸿鴻:hong 毅:yi 锋鋒:feng 豪:hao 宏:hong 家:jia 铭銘:ming 天:tian 昊:hao
晗:han 皓:hao 航:hang 哲:zhe 彦彥:yan 翔:xiang 楠:nan 琦:qi 璇:xuan 蓉:rong 娇嬌:jiao 凤鳳:feng
珍:zhen 珠:zhu 翠:cui 芬:fen 花:hua 香:xiang 月:yue 美:mei 爱愛:ai 淑:shu 惠:hui 琼瓊:qiong
岚嵐:lan 媛:yuan 妍:yan 婕:jie 丹:dan 青:qing 彤:tong 悦悅:yue 心:xin 佩:pei 冰:bing 茜:qian
莹瑩:ying 盈:ying 蕊:rui 桐:tong 曦:xi 熙:xi 希:xi 玥:yue 妮:ni 娅婭:ya 雅:ya 婉:wan 芸:yun
韵韻:yun 晴:qing 柔:rou 诗詩:shi 语語:yu 梦夢:meng 力:li 利:li 礼禮:li 理:li 俐:li 荔:li 峻:jun
君:jun 骏駿:jun 钧鈞:jun 坤:kun 昆:kun 伦倫:lun 隆:long 勤:qin 卿:qing 全:quan 权權:quan
仁:ren 容:rong 融:rong 森:sen 山:shan 善:shan 少:shao 绍紹:shao 升:sheng 胜勝:sheng 圣聖:sheng
世:shi 仕:shi 士:shi 书書:shu 舒:shu 树樹:shu 双雙:shuang 顺順:shun 松:song 韬韜:tao 腾騰:teng
庭:ting 霆:ting 同:tong 童:tong 万萬:wan 旺:wang 威:wei 维維:wei 卫衛:wei 玮瑋:wei 炜煒:wei
蔚:wei 武:wu 悟:wu 西:xi 喜:xi 先:xian 贤賢:xian 娴嫻:xian 向:xiang 啸嘯:xiao 笑:xiao 孝:xiao
信:xin 星:xing 杏:xing 雄:xiong 修:xiu 绪緒:xu 宣:xuan 学學:xue 勋勛勳:xun 迅:xun 亚亞:ya 岩:yan
炎:yan 研:yan 扬揚:yang 耀:yao 业業:ye 宜:yi 益:yi 义義:yi 艺藝:yi 逸:yi 谊誼:yi 银銀:yin 寅:yin
莺鶯:ying 鹰鷹:ying 影:ying 咏詠:yong 友:you 有:you 佑:you 羽:yu 钰鈺:yu 毓:yu 裕:yu 渝:yu
元:yuan 园園:yuan 源:yuan 远遠:yuan 苑:yuan 愿願:yuan 圆圓:yuan 越:yue 跃躍:yue 允:yun 运運:yun
蕴蘊:yun 增:zeng 展:zhan 彰:zhang 昭:zhao 照:zhao 兆:zhao 真:zhen 镇鎮:zhen 正:zheng 政:zheng
峥崢:zheng 之:zhi 智:zhi 芝:zhi 致:zhi 中:zhong 忠:zhong 舟:zhou 洲:zhou 竹:zhu 卓:zhuo 紫:zi
宗:zong 祖:zu 尊:zun 佐:zuo 昂:ang 奥奧:ao 傲:ao 柏:bai 邦:bang 宝寶:bao 保:bao 北:bei 贝貝:bei
本:ben 彪:biao 标標:biao 滨濱:bin 兵:bing 炳:bing 才:cai 彩:cai 灿燦:can 昌:chang 长長:chang
畅暢:chang 辰:chen 臣:chen 诚誠:cheng 承:cheng 驰馳:chi 崇:chong 初:chu 川:chuan 传傳:chuan
纯純:chun 聪聰:cong 达達:da 大:da 道:dao 登:deng 迪:di 典:dian 鼎:ding 定:ding 栋棟:dong 端:duan
朵:duo 恩:en 尔爾:er 发發:fa 凡:fan 非:fei 丰豐:feng 风風:feng 富:fu 钢鋼:gang 歌:ge 格:ge
根:gen 功:gong 冠:guan 广廣:guang 果:guo 含:han 寒:han 汉漢:han 瀚:han 翰:han 好:hao 合:he
和:he 河:he 荷:he 恒恆:heng 洪:hong 虹:hong 厚:hou 虎:hu 桦樺:hua 环環:huan 焕煥:huan 会會:hui
基:ji 吉:ji 坚堅:jian 剑劍:jian 江:jiang 捷:jie 锦錦:jin 进進:jin 晋晉:jin 京:jing 精:jing
景:jing 敬:jing 靖:jing 菊:ju 楷:kai 克:ke 科:ke 乐樂:le 莲蓮:lian 霖:lin 麟:lin 灵靈:ling
岭嶺:ling 龄齡:ling 路:lu 禄祿:lu 满滿:man 曼:man 茂:mao 媚:mei 萌:meng 民:min 鸣鳴:ming 茗:ming
默:mo 木:mu 牧:mu 男:nan 南:nan 年:nian 凝:ning 鹏:peng 朋:peng 屏:ping 奇:qi 启啟:qi 麒:qi
千:qian 谦謙:qian 乾:qian 桥橋:qiao 巧:qiao 钦欽:qin 泉:quan 群:qun 如:ru 儒:ru 若:ruo 珊:shan
杉:shan 尚:shang 韶:shao 深:shen 声聲:sheng 实實:shi 守:shou 寿壽:shou 水:shui 硕碩:shuo 斯:si
素:su 泰:tai 桃:tao 甜:tian 亭:ting 廷:ting 通:tong 雯:wen 稳穩:wen 溪:xi 仙:xian 显顯:xian
宪憲:xian 湘:xiang 潇瀟:xiao 馨:xin 昕:xin 幸:xing 煦:xu 炫:xuan 晏:yan 雁:yan 尧堯:yao 遥遙:yao
伊:yi 仪儀:yi 懿:yi 亿億:yi 忆憶:yi 音:yin 茵:yin 樱櫻:ying 映:ying 滢瀅:ying 雍:yong 优優:you
悠:you 瑜:yu 予:yu 昱:yu 煜:yu 誉譽:yu 渊淵:yuan 缘緣:yuan 筠:yun 赞贊:zan 则則:ze 湛:zhan
钊釗:zhao 臻:zhen 征:zheng 铮錚:zheng 芷:zhi 治:zhi 仲:zhong 宙:zhou 柱:zhu 壮壯:zhuang 姿:zi
自:zi 纵縱:zong 金:jin 石:shi 莎:sha
`;

function readTable(data: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const entry of data.split(/\s+/).filter(Boolean)) {
    const [chars, readings] = entry.split(':') as [string, string];
    const spellings = readings.split(',');
    // Several written forms of one character side by side (simplified, traditional).
    for (const form of chars) table.set(form, spellings);
  }
  return table;
}

const HAN_FAMILY = readTable(HAN_FAMILY_DATA);
const HAN_GIVEN = readTable(HAN_GIVEN_DATA);

function romanizeHan(part: string, givenOnly: boolean, aliases: Map<string, string[]>): string {
  const chars = [...part];
  if (chars.length > 4) return ''; // a business or a sentence, not a name
  let family: string[] | undefined;
  let rest = chars;
  if (!givenOnly) {
    const two = chars.length !== 1 ? HAN_COMPOUND[chars[0]! + chars[1]!] : undefined;
    if (two) [family, rest] = [two, chars.slice(2)];
    else if (HAN_FAMILY.has(chars[0]!)) [family, rest] = [HAN_FAMILY.get(chars[0]!)!, chars.slice(1)];
  }
  const readings = rest.map((c) => HAN_GIVEN.get(c)?.[0] ?? HAN_FAMILY.get(c)?.[0]);
  // A given name with a character this table does not know is left out rather than half read.
  const given = readings.length > 0 && readings.every(Boolean) ? readings.join('') : '';
  if (family && family.length > 1) aliases.set(family[0]!, family.slice(1));
  // Given name first, as staff log the customer (first name, last name).
  return [given, family?.[0] ?? ''].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Korean Hangul: one syllable of family name (or one of the two-syllable ones), then the given name.

const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const VOWELS = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
const FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

/** Family names as Koreans usually spell them abroad first, then Revised Romanisation and others. */
const HANGUL_FAMILY: Record<string, string[]> = {
  김: ['kim', 'gim'],
  이: ['lee', 'yi', 'rhee', 'i'],
  리: ['lee', 'ri'],
  박: ['park', 'bak', 'pak'],
  최: ['choi', 'choe'],
  정: ['jung', 'jeong', 'chung'],
  강: ['kang', 'gang'],
  조: ['cho', 'jo'],
  윤: ['yoon', 'yun'],
  장: ['jang', 'chang'],
  임: ['lim', 'im', 'rim'],
  림: ['lim', 'rim'],
  한: ['han'],
  오: ['oh', 'o'],
  서: ['seo', 'suh'],
  신: ['shin', 'sin'],
  권: ['kwon', 'gwon'],
  황: ['hwang'],
  안: ['ahn', 'an'],
  송: ['song'],
  류: ['ryu', 'yoo', 'yu'],
  유: ['yoo', 'yu', 'you'],
  홍: ['hong'],
  전: ['jeon', 'jun', 'chun'],
  고: ['ko', 'go'],
  문: ['moon', 'mun'],
  양: ['yang'],
  손: ['son', 'sohn'],
  배: ['bae'],
  백: ['baek', 'paik', 'baik'],
  허: ['heo', 'huh', 'hur'],
  남: ['nam'],
  심: ['shim', 'sim'],
  노: ['noh', 'roh', 'no'],
  하: ['ha'],
  곽: ['kwak', 'gwak'],
  성: ['sung', 'seong'],
  차: ['cha'],
  주: ['joo', 'ju', 'chu'],
  우: ['woo', 'u'],
  구: ['koo', 'ku', 'gu'],
  민: ['min'],
  나: ['na', 'ra'],
  진: ['jin', 'chin'],
  지: ['ji', 'chi'],
  엄: ['eom', 'um'],
  채: ['chae'],
  원: ['won'],
  천: ['cheon', 'chun'],
  방: ['bang'],
  공: ['kong', 'gong'],
  현: ['hyun', 'hyeon'],
  함: ['ham'],
  변: ['byun', 'byeon'],
  염: ['yeom', 'yum'],
  여: ['yeo'],
  추: ['choo', 'chu'],
  도: ['do', 'doh'],
  석: ['seok', 'suk'],
  선: ['sun', 'seon'],
  설: ['seol', 'sul'],
  마: ['ma'],
  길: ['gil', 'kil'],
  연: ['yeon', 'yun'],
  위: ['wi', 'wee'],
  표: ['pyo'],
  명: ['myung', 'myeong'],
  기: ['ki', 'gi'],
  반: ['ban'],
  왕: ['wang'],
  금: ['keum', 'geum'],
  옥: ['ok'],
  육: ['yook', 'yuk'],
  인: ['in'],
  맹: ['maeng'],
  제: ['je'],
  탁: ['tak'],
  국: ['kook', 'guk'],
  은: ['eun'],
  봉: ['bong'],
  남궁: ['namgoong', 'namgung'],
  황보: ['hwangbo'],
  제갈: ['jegal'],
  선우: ['sunwoo', 'seonu'],
  독고: ['dokgo'],
};

function hangulSyllable(code: number): { initial: number; vowel: number; final: number } {
  const index = code - 0xac00;
  return { initial: Math.floor(index / 588), vowel: Math.floor((index % 588) / 28), final: index % 28 };
}

/** Revised Romanisation, and the spelling many Koreans use abroad (Seunghoon, Kyung, Jung). */
function hangulWord(syllables: string[]): [string, string] {
  let strict = '';
  let popular = '';
  for (const s of syllables) {
    const { initial, vowel, final } = hangulSyllable(s.codePointAt(0)!);
    const closed = FINALS[final] !== '';
    strict += INITIALS[initial]! + VOWELS[vowel]! + FINALS[final]!;
    const v = vowel === 13 ? 'oo' : closed && vowel === 4 ? 'u' : closed && vowel === 6 ? 'yu' : VOWELS[vowel]!;
    popular += (initial === 0 ? 'k' : INITIALS[initial]!) + v + FINALS[final]!;
  }
  return [strict, popular];
}

function romanizeHangul(part: string, givenOnly: boolean, aliases: Map<string, string[]>): string {
  const syllables = [...part];
  if (syllables.length > 4) return '';
  let family: string[] | undefined;
  let rest = syllables;
  if (!givenOnly) {
    const two = syllables.length !== 1 ? HANGUL_FAMILY[syllables[0]! + syllables[1]!] : undefined;
    if (two) [family, rest] = [two, syllables.slice(2)];
    else if (HANGUL_FAMILY[syllables[0]!]) [family, rest] = [HANGUL_FAMILY[syllables[0]!]!, syllables.slice(1)];
  }
  if (family && family.length > 1) aliases.set(family[0]!, family.slice(1));
  let given = '';
  if (rest.length) {
    const [strict, popular] = hangulWord(rest);
    given = strict;
    if (popular !== strict) aliases.set(strict, [popular]);
  }
  // Given name first, as staff log the customer (first name, last name).
  return [given, family?.[0] ?? ''].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Cyrillic and Greek, letter by letter.

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  є: 'ye',
  і: 'i',
  ї: 'yi',
  ґ: 'g',
  ў: 'u',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};
/** Ukrainian reading of the letters that differ from Russian (Олександр, Сергій -> Serhiy). */
const CYRILLIC_UKRAINIAN: Record<string, string> = { г: 'h', и: 'y', і: 'i', ї: 'yi', є: 'ye', й: 'i' };

function romanizeCyrillic(word: string, aliases: Map<string, string[]>): string {
  const read = (table: Record<string, string>) => [...word].map((c) => table[c] ?? CYRILLIC[c] ?? c).join('');
  const main = read({});
  const others = new Set([read(CYRILLIC_UKRAINIAN), main.replace(/kh/g, 'h'), main.replace(/iy$/, 'y'), main.replace(/^e/, 'ye')]);
  others.delete(main);
  if (others.size) aliases.set(main, [...others]);
  return main;
}

const GREEK_DIGRAPHS: [RegExp, string][] = [
  [/ου/g, 'ou'],
  [/αι/g, 'ai'],
  [/ει/g, 'ei'],
  [/οι/g, 'oi'],
  [/αυ/g, 'av'],
  [/ευ/g, 'ev'],
  [/^μπ/g, 'b'],
  [/μπ/g, 'mb'],
  [/^ντ/g, 'd'],
  [/ντ/g, 'nt'],
  [/γγ/g, 'ng'],
  [/^γκ/g, 'g'],
  [/γκ/g, 'ng'],
  [/γχ/g, 'nch'],
  [/τζ/g, 'tz'],
];
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

function romanizeGreek(word: string, aliases: Map<string, string[]>): string {
  let text = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  for (const [pattern, latin] of GREEK_DIGRAPHS) text = text.replace(pattern, latin);
  const main = [...text].map((c) => GREEK[c] ?? c).join('');
  const others = new Set([main.replace(/ch/g, 'h'), main.replace(/y/g, 'i'), main.replace(/^gi/, 'yi')]);
  others.delete(main);
  if (others.size) aliases.set(main, [...others]);
  return main;
}

// ---------------------------------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;
const HANGUL = /[\uac00-\ud7a3]/;
const OTHER_SCRIPT = /[\p{Script=Han}\uac00-\ud7a3\p{Script=Cyrillic}\p{Script=Greek}]/u;
const RUNS = /\p{Script=Han}+|[\uac00-\ud7a3]+|\p{Script=Cyrillic}+|\p{Script=Greek}+/gu;

/**
 * Rewrites the Chinese, Korean, Cyrillic and Greek words of a name in Latin letters, a Chinese or
 * Korean name given name first as staff log it ("刘静" -> "jing liu", "김민준" -> "minjun kim");
 * text in Latin letters passes through unchanged. `givenField`: the text is what staff typed as the
 * first name, where a word of one or two characters is a given name even when its first could be a
 * family name ("민준" is Min-jun, not Jun of the Min family; "文华" is Wenhua).
 */
export function romanize(raw: string, givenField = false): Romanized {
  const aliases = new Map<string, string[]>();
  if (!OTHER_SCRIPT.test(raw)) return { text: raw, aliases };
  const text = raw.normalize('NFC').toLowerCase();
  // A family name written apart ("김 민준", "刘 静") makes the next word all given name.
  let afterFamily = false;
  const out = text.replace(RUNS, (run) => {
    const givenOnly = afterFamily || (givenField && [...run].length <= 2);
    let latin: string;
    if (HAN.test(run)) latin = romanizeHan(run, givenOnly, aliases);
    else if (HANGUL.test(run)) latin = romanizeHangul(run, givenOnly, aliases);
    else if (/\p{Script=Cyrillic}/u.test(run)) latin = romanizeCyrillic(run, aliases);
    else latin = romanizeGreek(run, aliases);
    afterFamily = !givenOnly && (HAN_FAMILY.has(run) || HAN_COMPOUND[run] !== undefined || HANGUL_FAMILY[run] !== undefined);
    return ` ${latin} `;
  });
  return { text: out, aliases };
}
