/** Word lists of the demo data: names, title parts, publishers and Chinese Library Classification. */

export const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '袁', '潘', '于', '蒋', '蔡',
  '余', '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '姜', '崔', '钟', '谭', '陆', '汪', '范', '金',
  '石', '廖', '贾', '夏', '韦', '方', '白', '邹', '孟', '熊', '秦', '邱', '江', '尹', '薛', '段', '雷', '侯', '龙', '欧阳',
] as const;

export const GIVEN_MALE = [
  '伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩', '宇', '轩', '博', '文', '俊', '晨', '鹏', '翔', '鑫',
  '子', '天', '睿', '泽', '一', '嘉', '皓', '铭', '志', '振', '家', '辰', '晓', '思', '远', '航', '锐', '凯', '彬', '诚',
] as const;

export const GIVEN_FEMALE = [
  '芳', '娜', '敏', '静', '丽', '婷', '雪', '琳', '欣', '怡', '佳', '悦', '涵', '萱', '彤', '雨', '梓', '诗', '语', '晴',
  '可', '心', '梦', '瑶', '慧', '颖', '洁', '蕾', '冰', '月', '思', '嘉', '子', '晓', '紫', '若', '安', '清', '妍', '宁',
] as const;

/** [Chinese, English] pairs composed into titles. */
export const TOPICS: ReadonlyArray<readonly [string, string]> = [
  ['星空', 'Starry Sky'], ['海洋', 'Ocean'], ['森林', 'Forest'], ['草原', 'Grassland'], ['沙漠', 'Desert'],
  ['长城', 'Great Wall'], ['黄河', 'Yellow River'], ['长江', 'Yangtze'], ['故宫', 'Forbidden City'], ['丝绸之路', 'Silk Road'],
  ['恐龙', 'Dinosaurs'], ['机器人', 'Robots'], ['宇宙', 'Universe'], ['火山', 'Volcanoes'], ['四季', 'Four Seasons'],
  ['小王子', 'Little Prince'], ['熊猫', 'Pandas'], ['昆虫', 'Insects'], ['鸟类', 'Birds'], ['植物', 'Plants'],
  ['数学', 'Mathematics'], ['物理', 'Physics'], ['化学', 'Chemistry'], ['地球', 'Earth'], ['月亮', 'Moon'],
  ['童年', 'Childhood'], ['友谊', 'Friendship'], ['勇气', 'Courage'], ['梦想', 'Dreams'], ['家乡', 'Hometown'],
  ['诗词', 'Poetry'], ['成语', 'Idioms'], ['书法', 'Calligraphy'], ['音乐', 'Music'], ['绘画', 'Painting'],
  ['古代中国', 'Ancient China'], ['世界地理', 'World Geography'], ['人体', 'Human Body'], ['天气', 'Weather'], ['航天', 'Spaceflight'],
];

export const PATTERNS: ReadonlyArray<{ zh: (a: string, b: string) => string; en: (a: string, b: string) => string }> = [
  { zh: (a) => `${a}的秘密`, en: (a) => `The Secret of the ${a}` },
  { zh: (a) => `${a}故事集`, en: (a) => `${a} Stories` },
  { zh: (a) => `走进${a}`, en: (a) => `Into the ${a}` },
  { zh: (a) => `${a}百科全书`, en: (a) => `Encyclopedia of ${a}` },
  { zh: (a) => `我的${a}日记`, en: (a) => `My ${a} Diary` },
  { zh: (a, b) => `${a}与${b}`, en: (a, b) => `${a} and ${b}` },
  { zh: (a) => `${a}探险记`, en: (a) => `Adventures in the ${a}` },
  { zh: (a) => `给孩子讲${a}`, en: (a) => `${a} for Children` },
  { zh: (a) => `${a}十万个为什么`, en: (a) => `A Hundred Thousand Whys: ${a}` },
  { zh: (a, b) => `从${a}到${b}`, en: (a, b) => `From ${a} to ${b}` },
];

export const PUBLISHERS: ReadonlyArray<{ zh: string; code: string }> = [
  { zh: '人民文学出版社', code: '02' },
  { zh: '少年儿童出版社', code: '5324' },
  { zh: '中国少年儿童出版社', code: '5007' },
  { zh: '二十一世纪出版社', code: '5391' },
  { zh: '接力出版社', code: '5448' },
  { zh: '科学出版社', code: '03' },
  { zh: '商务印书馆', code: '100' },
  { zh: '外语教学与研究出版社', code: '5600' },
  { zh: '人民教育出版社', code: '107' },
  { zh: '浙江少年儿童出版社', code: '5342' },
];

export const EN_AUTHORS = [
  'Emily Carter', 'James Wilson', 'Sophie Martin', 'Oliver Brown', 'Lucy Evans', 'Henry Clark', 'Grace Lee', 'Daniel Hughes',
] as const;

/** Chinese Library Classification classes used for the demo catalogue. */
export const CLC = [
  { no: 'I287', zh: '儿童文学' }, { no: 'I247.8', zh: '当代小说' }, { no: 'I207.22', zh: '古典诗词' },
  { no: 'I561.84', zh: '英国儿童文学' }, { no: 'K209', zh: '中国通史' }, { no: 'K91', zh: '世界地理' },
  { no: 'N49', zh: '科普读物' }, { no: 'O1-49', zh: '数学普及' }, { no: 'O4-49', zh: '物理普及' }, { no: 'P1-49', zh: '天文普及' },
  { no: 'Q1-49', zh: '生物普及' }, { no: 'Q95-49', zh: '动物' }, { no: 'G624', zh: '小学教育' }, { no: 'H319.4', zh: '英语读物' },
  { no: 'J292', zh: '书法' }, { no: 'J6-49', zh: '音乐' }, { no: 'V4-49', zh: '航天' }, { no: 'R32-49', zh: '人体' },
] as const;

export const CN_DIGITS = ['一', '二', '三', '四', '五', '六'] as const;
