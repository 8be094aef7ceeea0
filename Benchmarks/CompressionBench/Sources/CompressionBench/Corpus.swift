// A deterministic corpus of chat messages: mixed Chinese/English chat sentences of varied length (a few
// characters to a forwarded paragraph) and small JSON payloads with the same keys and varied values (ids,
// hashes, sizes, coordinates, titles), as a messenger's message table holds them.
import Foundation

/// A fixed-seed generator, so every run sees the same messages (the same as FTSBench's).
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func range(_ r: ClosedRange<Int>) -> Int { r.lowerBound + below(r.count) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// Rank r drawn with weight ∝ 1/(r+1): a few items most of the time, the rest rarely.
    mutating func zipf<T>(_ items: [T]) -> T {
        let total = Corpus.harmonic(items.count)
        var target = Double(next() % 1_000_000) / 1_000_000 * total
        for (rank, item) in items.enumerated() {
            target -= 1 / Double(rank + 1)
            if target <= 0 { return item }
        }
        return items[items.count - 1]
    }
    mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[below(16)] })
    }
    mutating func token(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        return String((0..<count).map { _ in alphabet[below(alphabet.count)] })
    }
}

enum Corpus {
    nonisolated(unsafe) private static var harmonics: [Int: Double] = [:]
    static func harmonic(_ n: Int) -> Double {
        if let h = harmonics[n] { return h }
        let h = (1...n).reduce(0.0) { $0 + 1 / Double($1) }
        harmonics[n] = h
        return h
    }

    // MARK: Vocabulary

    static let names = ["张伟", "王芳", "李娜", "刘洋", "陈静", "小李", "老王", "阿杰", "Tom", "Amy", "Kevin", "Lisa", "David", "小美",
                        "王总", "李老师", "妈", "爸", "Jason", "Cathy"]
    static let places = ["星巴克", "公司楼下", "地铁站", "机场", "高铁站", "家门口", "会议室B", "食堂", "万达广场", "the office",
                         "the airport", "Starbucks", "海底捞", "学校门口", "医院", "健身房"]
    static let times = ["3点", "下午两点半", "晚上7点", "明天上午10点", "周五", "下周一", "今晚", "7:30", "12:00", "tomorrow morning",
                        "this afternoon", "next Monday", "8点半", "中午", "周末"]
    static let things = ["PPT", "合同", "报销单", "快递", "周报", "方案", "demo", "bug", "PR", "会议纪要", "发票", "机票", "文档",
                         "design doc", "invoice", "the slides", "release notes", "照片", "视频", "红包"]
    static let emoji = ["😂", "👍", "🙏", "😊", "🤣", "❤️", "😭", "🎉", "👌", "😅", "[捂脸]", "[呲牙]", "[OK]", "[强]", "[玫瑰]", "[微笑]"]

    /// Short replies: the most frequent messages of any chat.
    static let replies = ["好的", "嗯嗯", "ok", "OK", "收到", "哈哈哈", "哈哈哈哈哈", "好", "谢谢", "谢谢！", "👍", "没问题", "可以",
                          "行", "稍等", "在吗", "在的", "好的好的", "知道了", "Thanks!", "got it", "sure", "lol", "对", "是的",
                          "辛苦了", "晚安", "早", "早上好", "okk", "嗯", "好滴", "yes", "no problem", "马上", "来了", "[捂脸]",
                          "😂😂😂", "👌", "np"]

    /// Sentences with slots: {n} name, {p} place, {t} time, {x} thing, {k} number, {e} emoji.
    static let templates = [
        // Chinese
        "{t}在{p}见吧", "我到{p}了，你在哪", "{n}说{x}已经发你邮箱了", "{x}我改好了，你看一下", "今天加班，晚点回",
        "刚开完会，{x}的事情{t}再说", "你吃饭了吗", "我们{t}去{p}吃饭吧", "{n}生日快乐！{e}", "这个{x}有点问题，帮忙看看",
        "路上堵车，大概晚{k}分钟", "我已经转账了，{k}块，查收一下", "{x}放在{p}了，记得拿", "明天要下雨，记得带伞",
        "孩子今天在学校表现很好{e}", "周末有空一起打球吗", "这家店的菜真不错，下次带你来", "我先睡了，明天聊",
        "{n}你把{x}再发一遍，我这边没收到", "会议改到{t}了，地点在{p}", "刚看到消息，不好意思回晚了", "价格是{k}元一份，要几份？",
        "这周的{x}谁来写？", "我在{p}排队，人好多{e}", "你那边网络好像不太好，声音断断续续的", "今天的天气真好，出去走走吧",
        "{n}，{x}的截止时间是{t}，别忘了", "老板说{x}要{t}之前给他", "快递到了，放{p}了", "群里的消息大家看一下",
        "晚上回家吃饭吗？", "我买了{k}个，够不够", "记得把{x}带上", "票已经订好了，{t}出发", "这个问题我也遇到过，重启一下试试",
        // English
        "Can we move the meeting to {t}?", "I'm at {p}, where are you?", "{n} sent the {x} this morning", "Running {k} minutes late, sorry",
        "Let's grab lunch {t}", "Did you get my email about the {x}?", "Happy birthday {n}! {e}", "The build is broken again",
        "I pushed a fix for the {x}, can you review?", "See you at {p} {t}", "Thanks for the help today", "Call me when you're free",
        "The flight is delayed by {k} minutes", "Please check the {x} before {t}", "I'll be working from home {t}",
        // Code-switching, as many chats are written
        "{t}的meeting改到{p}了", "这个bug我fix了，你pull一下最新的code", "{n}的PR我review完了，LGTM", "今天的standup取消了",
        "帮我check一下{x}有没有问题", "deadline是{t}，来得及吗", "我share了一个link给你", "周五team building去{p}",
        "这个feature下个sprint再做吧", "server又挂了，{n}在看", "打个call聊一下？", "我把{x}upload到云盘了",
    ]

    /// Paragraphs of forwarded text and long messages.
    static let paragraphs = [
        "各位家长好，本周五下午学校将举行秋季运动会，请孩子们穿运动服和运动鞋，自带水杯。运动会结束后统一放学，请家长按时接孩子。",
        "【通知】因系统升级，本周六凌晨0点至6点服务将暂停，期间无法登录和支付，给您带来的不便敬请谅解。如有疑问请联系客服。",
        "Hi all, a reminder that the quarterly review is next week. Please update your project status in the shared doc before Thursday, and flag any risks early.",
        "今天跑了10公里，配速5分半，感觉状态越来越好了。下个月准备报名半程马拉松，有没有一起训练的朋友？",
        "刚看完那部电影，剧情真的很感人，尤其是最后父女重逢那一段，全场都哭了。强烈推荐大家去看！",
        "The new release fixes the crash on startup, improves sync speed by about 30 percent, and adds dark mode. Let me know if you see any regressions.",
        "转发：研究表明，每天坚持步行30分钟，可以有效降低心血管疾病的风险，同时改善睡眠质量和情绪。",
        "我们小区明天上午9点到下午5点停水，请大家提前做好储水准备。物业服务中心。",
    ]

    // MARK: Text

    static func fill(_ template: String, _ random: inout SplitMix64) -> String {
        var out = ""
        var chars = template.makeIterator()
        while let c = chars.next() {
            guard c == "{" else { out.append(c); continue }
            let slot = chars.next()
            _ = chars.next()  // "}"
            switch slot {
            case "n": out += random.zipf(names)
            case "p": out += random.zipf(places)
            case "t": out += random.zipf(times)
            case "x": out += random.zipf(things)
            case "k": out += String(random.range(2...300))
            case "e": out += random.zipf(emoji)
            default: break
            }
        }
        return out
    }

    static func sentence(_ random: inout SplitMix64) -> String {
        var s = fill(random.zipf(templates), &random)
        if random.chance(15) { s += random.zipf(emoji) }
        return s
    }

    static func text(_ random: inout SplitMix64) -> String {
        let roll = random.below(100)
        switch roll {
        case 0..<38: return random.zipf(replies)
        case 38..<75: return sentence(&random)
        case 75..<93:
            let separators = ["，", "。", " ", "！", "\n", ", "]
            return (0..<random.range(2...4)).map { _ in sentence(&random) }.joined(separator: random.pick(separators))
        case 93..<98:
            return (0..<random.range(5...10)).map { _ in sentence(&random) }.joined(separator: random.chance(50) ? "。" : "\n")
        default:
            var p = random.pick(paragraphs)
            if random.chance(50) { p += "\n" + random.pick(paragraphs) }
            if random.chance(40) { p = sentence(&random) + "\n" + p }
            return p
        }
    }

    // MARK: JSON payloads

    static let contacts: [String] = {
        var random = SplitMix64(state: 99)
        return (0..<200).map { _ in "wxid_" + random.token(10).lowercased() }
    }()
    static let sources = ["人民日报", "36氪", "少数派", "GitHub Blog", "The Verge", "丁香医生", "央视新闻", "Hacker News", "得到", "知乎日报"]
    static let titles = ["如何在30天内养成早起的习惯", "iOS 18 正式发布：这些新功能值得关注", "Why SQLite is so fast", "一文读懂个人所得税汇算",
                         "周末去哪儿：城市周边10个小众景点", "The state of Swift on Linux", "专家提醒：秋冬季节注意预防流感",
                         "年度最佳咖啡馆榜单出炉", "How we cut our build times in half", "这5种食物越吃越健康"]
    static let labels = ["北京市朝阳区望京SOHO T1", "上海市浦东新区世纪大道100号", "深圳市南山区科技园", "广州塔", "杭州西湖风景区",
                         "成都市锦江区春熙路", "Apple Park, Cupertino", "首都国际机场T3航站楼"]

    /// Compact JSON, keys in a fixed order (as an app's encoder writes them).
    static func json(_ pairs: [(String, Any)]) -> String {
        "{" + pairs.map { key, value in
            let v: String
            switch value {
            case let s as String where !s.contains(where: { $0 == "\"" || $0 == "\\" || $0 == "\n" }):
                v = "\"" + s + "\""
            case let s as String:
                v = "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "\n", with: "\\n") + "\""
            case let d as Double: v = String(format: "%.6f", d)
            case let a as [String]: v = "[" + a.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            case let b as Bool: v = b ? "true" : "false"
            default: v = "\(value)"
            }
            return "\"\(key)\":\(v)"
        }.joined(separator: ",") + "}"
    }

    static func media(_ random: inout SplitMix64) -> [(String, Any)] {
        let sizes = [(1080, 1440), (1080, 1920), (1920, 1080), (750, 1334), (1280, 960), (640, 480)]
        let (w, h) = random.pick(sizes)
        return [("md5", random.hex(32)), ("w", w), ("h", h), ("size", random.range(40_000...4_000_000)),
                ("cdn", "https://cdn.chat.example.com/img/" + random.hex(24)), ("thumb", random.chance(70))]
    }

    /// A message: (type, content, extra).
    static func message(_ random: inout SplitMix64) -> (Int, String, String?) {
        let roll = random.below(100)
        switch roll {
        case 0..<58:  // text; some replies quote a message, some mention people
            let content = text(&random)
            if random.chance(12) {
                return (1, content, json([("reply_to", random.range(1...5_000_000)), ("sender", random.zipf(contacts)),
                                          ("preview", String(text(&random).prefix(40)))]))
            }
            if random.chance(6) {
                return (1, content, json([("at", (0..<random.range(1...3)).map { _ in random.zipf(contacts) }), ("at_all", random.chance(10))]))
            }
            return (1, content, nil)
        case 58..<74: return (3, random.chance(50) ? "[图片]" : "[Photo]", json([("type", "image")] + media(&random)))
        case 74..<82:
            return (34, "[语音]", json([("type", "voice"), ("duration", random.range(1...60)), ("format", "silk"),
                                        ("size", random.range(2_000...90_000)), ("read", random.chance(80))]))
        case 82..<89:
            let title = random.zipf(titles)
            return (49, title, json([("type", "link"), ("title", title), ("url", "https://mp.example.com/s/" + random.token(22)),
                                     ("source", random.zipf(sources)), ("thumb", "https://cdn.chat.example.com/thumb/" + random.hex(24))]))
        case 89..<93:
            return (47, "[动画表情]", json([("type", "emoji"), ("md5", random.hex(32)), ("w", 240), ("h", 240),
                                         ("pack", "pack_" + String(random.range(1...40)))]))
        case 93..<96:
            let label = random.zipf(labels)
            return (48, "[位置]" + label, json([("type", "location"), ("lat", 22.0 + Double(random.below(2_000_000)) / 100_000),
                                             ("lng", 113.0 + Double(random.below(900_000)) / 100_000), ("label", label),
                                             ("poi", "poi_" + random.hex(12))]))
        case 96..<98:
            let amount = String(format: "%.2f", Double(random.range(1...50_000)) / 100)
            return (2000, "[转账]", json([("type", "transfer"), ("amount", amount), ("currency", "CNY"), ("memo", random.zipf(replies)),
                                        ("trade_no", "1000" + String(random.range(100_000_000...999_999_999)) + random.hex(8))]))
        default:
            return (10000, random.zipf(names) + (random.chance(50) ? "撤回了一条消息" : "邀请" + random.zipf(names) + "加入了群聊"), nil)
        }
    }

    static let talkers = Array(1...300)

    static func messages(_ count: Int, seed: UInt64 = 2024) -> [ChatMessage] {
        var random = SplitMix64(state: seed)
        var time: Int64 = 1_700_000_000
        return (0..<count).map { index in
            let (type, content, extra) = message(&random)
            time += Int64(random.range(1...600))
            return ChatMessage(localID: Int64(index + 1), talker: Int64(random.zipf(talkers)),
                               sender: Int64(random.range(1...200)), type: type, createTime: time, content: content, extra: extra)
        }
    }
}
