import Foundation
import Testing
import WCDBSwift

/// A database in a temporary directory with conversations, messages (one without a conversation),
/// authors and reactions; removed when the value goes.
final class JoinDatabase {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-joins-\(UUID().uuidString)")
    let database: Database

    /// `message.conversationID == conversation.id`, the join condition of most tests.
    static let byConversation = Message.Properties.conversationID.in(table: "message")
        == Conversation.Properties.id.in(table: "conversation")

    init() throws {
        database = Database(withPath: directory.appendingPathComponent("joins.db").path)
        try database.create(table: "conversation", of: Conversation.self)
        try database.create(table: "message", of: Message.self)
        try database.create(table: "author", of: Author.self)
        try database.create(table: "reaction", of: Reaction.self)
        try database.insert([Conversation(id: 1, title: "Family"), Conversation(id: 2, title: "Work", isMuted: true),
                             Conversation(id: 3, title: "Empty")], intoTable: "conversation")
        try database.insert([Author(id: 1, name: "Ann"), Author(id: 2, name: "Bob")], intoTable: "author")
        try database.insert([Message(id: 1, conversationID: 1, authorID: 1, content: "hi mom", sentAt: 10),
                             Message(id: 2, conversationID: 2, authorID: 2, content: "report", sentAt: 20),
                             Message(id: 3, conversationID: 1, authorID: 2, content: "dinner?", sentAt: 30),
                             Message(id: 4, conversationID: 99, authorID: nil, content: "orphan", sentAt: 40)],
                            intoTable: "message")
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite("Joins: typed tuples, partial projections, projection models")
struct JoinTests {
    // MARK: The article's examples, as Joins.md prints them

    @Test("Joins.md: tuples of whole models, ordered and limited")
    func articleTuples() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let select = try database.prepareMultiSelect(
            on: Message.Properties.all.in(table: "message") + Conversation.Properties.all.in(table: "conversation"),
            fromTables: ["message", "conversation"],
            where: Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"))
        select.order(by: Message.Properties.sentAt.in(table: "message").asOrder(by: .descending)).limit(20)
        let rows: [(Message, Conversation)] = try select.allObjects(of: Message.self, Conversation.self)
        for (message, conversation) in rows {
            print(conversation.title, message.content)
        }

        #expect(rows.map(\.0.content) == ["dinner?", "report", "hi mom"])
        #expect(rows.map(\.1.title) == ["Family", "Work", "Family"])
        #expect(rows.map(\.1) == [Conversation(id: 1, title: "Family"), Conversation(id: 2, title: "Work", isMuted: true),
                                  Conversation(id: 1, title: "Family")])
        #expect(rows.last?.0 == Message(id: 1, conversationID: 1, authorID: 1, content: "hi mom", sentAt: 10))
    }

    @Test("Joins.md: some columns of each model; the rest take their initial values")
    func articlePartialProjection() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let previews: [(Message, Conversation)] = try database.prepareMultiSelect(
            on: [Message.Properties.content.in(table: "message"), Conversation.Properties.title.in(table: "conversation")],
            fromTables: ["message", "conversation"],
            where: Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"))
            .allObjects(of: Message.self, Conversation.self)
        // previews[0].0.id is nil, previews[0].0.sentAt is 0, previews[0].1.isMuted is false

        #expect(previews.count == 3)
        for (message, conversation) in previews {
            #expect(message.id == nil)
            #expect(message.authorID == nil)
            #expect(message.conversationID == 0)
            #expect(message.sentAt == 0)
            #expect(conversation.id == 0)
            #expect(conversation.isMuted == false)
        }
        #expect(Set(previews.map { "\($0.1.title): \($0.0.content)" }) == ["Family: hi mom", "Work: report", "Family: dinner?"])
    }

    @Test("Joins.md: three tables, streamed")
    func articleThreeTables() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let select = try database.prepareMultiSelect(
            on: [Message.Properties.content.in(table: "message"), Conversation.Properties.title.in(table: "conversation"),
                 Author.Properties.name.in(table: "author")],
            fromTables: ["message", "conversation", "author"],
            where: Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation")
                && Message.Properties.authorID.in(table: "message") == Author.Properties.id.in(table: "author"))
        select.order(by: Message.Properties.sentAt.in(table: "message").asOrder(by: .ascending))
        var lines: [String] = []
        while let (message, conversation, author) = try select.nextObject(of: Message.self, Conversation.self, Author.self) {
            lines.append("\(author.name) in \(conversation.title): \(message.content)")
        }

        #expect(lines == ["Ann in Family: hi mom", "Bob in Work: report", "Bob in Family: dinner?"])
        #expect(select.isCompleted)
    }

    @Test("Joins.md: a LEFT JOIN reads a missing right side as nil")
    func articleLeftJoin() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let join = Join(with: "message").leftJoin("conversation")
            .on(Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"))
        let all: [(Message, Conversation?)] = try database.prepareMultiSelect(
            on: Message.Properties.all.in(table: "message") + Conversation.Properties.all.in(table: "conversation"),
            from: join)
            .order(by: Message.Properties.id.in(table: "message").asOrder(by: .ascending))
            .allObjects(of: Message.self, Conversation?.self)

        #expect(all.map(\.0.content) == ["hi mom", "report", "dinner?", "orphan"])
        #expect(all.map { $0.1?.title } == ["Family", "Work", "Family", nil])
    }

    @Test("Joins.md: dictionaries from table name to object, as in WCDB")
    func articleDictionaries() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let select = try database.prepareMultiSelect(
            on: [Message.Properties.content.in(table: "message"), Conversation.Properties.title.in(table: "conversation")],
            fromTables: ["message", "conversation"],
            where: Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"))
        var titles: [String] = []
        for row in try select.allMultiObjects() {
            let message = row["message"] as? Message
            let conversation = row["conversation"] as? Conversation
            titles.append("\(conversation?.title ?? ""): \(message?.content ?? "")")
        }

        #expect(Set(titles) == ["Family: hi mom", "Work: report", "Family: dinner?"])
    }

    @Test("Joins.md: a projection model of one's own, one line and chain call")
    func articleProjectionModel() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let rows: [MessageRow] = try database.getObjects(
            fromTables: ["message", "conversation"],
            where: Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"),
            orderBy: [Message.Properties.sentAt.in(table: "message").asOrder(by: .descending)],
            limit: 20)
        let family: [MessageRow] = try database.prepareSelect(of: MessageRow.self, fromTables: ["message", "conversation"])
            .where(Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation")
                   && MessageRow.Properties.conversationTitle == "Family")
            .order(by: MessageRow.Properties.text.asOrder(by: .ascending))
            .allObjects()

        #expect(rows == [MessageRow(text: "dinner?", conversationTitle: "Family"), MessageRow(text: "report", conversationTitle: "Work"),
                         MessageRow(text: "hi mom", conversationTitle: "Family")])
        #expect(family.map(\.text) == ["dinner?", "hi mom"])
    }

    @Test("Joins.md: a projection model over a LEFT JOIN, optional on the right")
    func articleProjectionLeftJoin() throws {
        let fixture = try JoinDatabase()
        let database = fixture.database

        let join = Join(with: "message").leftJoin("conversation")
            .on(Message.Properties.conversationID.in(table: "message") == Conversation.Properties.id.in(table: "conversation"))
        let inbox: [InboxLine] = try database.getObjects(from: join, orderBy: [InboxLine.Properties.messageID.asOrder(by: .ascending)])

        #expect(inbox.map(\.messageID) == [1, 2, 3, 4])
        #expect(inbox.map(\.conversationID) == [1, 2, 1, nil])
        #expect(inbox.map(\.conversationTitle) == ["Family", "Work", "Family", nil])
        #expect(inbox.last?.text == "orphan")
    }

    // MARK: Partial projections

    @Test("A partial projection of two models decodes in both forms, left-out properties at their initial values")
    func partialProjectionOfTwoModels() throws {
        let fixture = try JoinDatabase()
        let select = try fixture.database.prepareMultiSelect(
            on: [Message.Properties.id.in(table: "message"), Message.Properties.content.in(table: "message"),
                 Conversation.Properties.isMuted.in(table: "conversation")],
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
            .order(by: Message.Properties.id.in(table: "message").asOrder(by: .ascending))
        let rows = try select.allObjects(of: Message.self, Conversation.self)
        #expect(rows.map(\.0) == [Message(id: 1, content: "hi mom"), Message(id: 2, content: "report"), Message(id: 3, content: "dinner?")])
        #expect(rows.map(\.1) == [Conversation(isMuted: false), Conversation(isMuted: true), Conversation(isMuted: false)])

        // The same projection as WCDB's dictionaries, which used to throw for the left-out `title`.
        let dictionaries = try fixture.database.prepareMultiSelect(
            on: [Message.Properties.content.in(table: "message"), Conversation.Properties.isMuted.in(table: "conversation")],
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
            .allMultiObjects()
        #expect(dictionaries.count == 3)
        #expect(dictionaries.compactMap { ($0["conversation"] as? Conversation)?.title } == ["", "", ""])
    }

    @Test("A final class keeps what init() gave a left-out property")
    func partialProjectionOfAClass() throws {
        let fixture = try JoinDatabase()
        let reaction = Reaction()
        reaction.id = 7
        reaction.messageID = 3
        reaction.emoji = "👍"
        reaction.count = 5
        try fixture.database.insert(objects: reaction, intoTable: "reaction")
        let rows = try fixture.database.prepareMultiSelect(
            on: [Reaction.Properties.emoji.in(table: "reaction"), Message.Properties.content.in(table: "message")],
            fromTables: ["reaction", "message"],
            where: Reaction.Properties.messageID.in(table: "reaction") == Message.Properties.id.in(table: "message"))
            .allObjects(of: Reaction.self, Message.self)
        #expect(rows.count == 1)
        #expect(rows.first?.0.emoji == "👍")
        #expect(rows.first?.0.id == 0)
        #expect(rows.first?.0.count == 1)
        #expect(rows.first?.1.content == "dinner?")
    }

    @Test("A one-table partial select keeps WCDB's rule: a left-out non-optional property throws")
    func oneTablePartialSelectStillThrows() throws {
        let fixture = try JoinDatabase()
        let error = #expect(throws: WCDBError.self) {
            let _: [Message] = try fixture.database.getObjects(on: Message.Properties.content, fromTable: "message")
        }
        #expect(error?.message?.contains("Message.conversationID was not selected") == true)
    }

    @Test("A left-out property without an initial value is refused when the select is prepared, by name")
    func leftOutRequiredPropertyIsRefusedAtPrepare() throws {
        let fixture = try JoinDatabase()
        let error = #expect(throws: WCDBError.self) {
            _ = try fixture.database.prepareMultiSelect(
                on: [Message.Properties.content.in(table: "message"), Author.Properties.id.in(table: "author")],
                fromTables: ["message", "author"])
        }
        #expect(error?.level == .interface)
        #expect(error?.message?.contains("leaves out column \"name\" of table \"author\" (Author), whose property is not optional and has no initial value") == true,
                "\(String(describing: error))")
    }

    // MARK: Typed tuples

    @Test("Each type reads the table of its model, in the order the types are given")
    func tupleOrderFollowsTheTypes() throws {
        let fixture = try JoinDatabase()
        let rows = try fixture.database.prepareMultiSelect(
            on: Message.Properties.all.in(table: "message") + Conversation.Properties.all.in(table: "conversation"),
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
            .order(by: Message.Properties.id.in(table: "message").asOrder(by: .ascending))
            .allObjects(of: Conversation.self, Message.self)
        #expect(rows.map(\.0.title) == ["Family", "Work", "Family"])
        #expect(rows.map(\.1.id) == [1, 2, 3])
    }

    @Test("One type gives a plain array")
    func oneTypeGivesAnArray() throws {
        let fixture = try JoinDatabase()
        let messages: [Message] = try fixture.database.prepareMultiSelect(
            on: Message.Properties.all.in(table: "message"), fromTables: ["message"])
            .where(Message.Properties.sentAt.in(table: "message") > 15)
            .allObjects(of: Message.self)
        #expect(messages.compactMap(\.id) == [2, 3, 4])
    }

    @Test("A model joined with itself is given twice, each type taking the next table of its model")
    func selfJoin() throws {
        let fixture = try JoinDatabase()
        let later = Message.Properties.self
        let join = Join(with: "message").join(TableOrSubquery(table: "message").as("reply"))
            .on(later.conversationID.in(table: "reply") == later.conversationID.in(table: "message")
                && later.sentAt.in(table: "reply") > later.sentAt.in(table: "message"))
        let pairs = try fixture.database.prepareMultiSelect(
            on: Message.Properties.all.in(table: "message") + Message.Properties.all.in(table: "reply"), from: join)
            .allObjects(of: Message.self, Message.self)
        #expect(pairs.map { "\($0.0.content) -> \($0.1.content)" } == ["hi mom -> dinner?"])
    }

    @Test("LEFT JOIN: the right side is nil when all its selected columns are NULL, and a zero-value object in the dictionary form")
    func leftJoinMissingRightSide() throws {
        let fixture = try JoinDatabase()
        let join = Join(with: "message").leftJoin("conversation").on(JoinDatabase.byConversation)
        let properties: [PropertyConvertible] = [Message.Properties.content.in(table: "message"), Conversation.Properties.id.in(table: "conversation"),
                          Conversation.Properties.title.in(table: "conversation")]
        let orphan = Message.Properties.id.in(table: "message") == 4
        let typed = try fixture.database.prepareMultiSelect(on: properties, from: join, where: orphan)
            .allObjects(of: Message.self, Conversation?.self)
        #expect(typed.count == 1)
        #expect(typed.first?.0.content == "orphan")
        #expect(typed.first?.1 == nil)

        // A non-optional type reads the NULL columns as zero values, as the dictionary form does.
        let plain = try fixture.database.prepareMultiSelect(on: properties, from: join, where: orphan)
            .allObjects(of: Message.self, Conversation.self)
        #expect(plain.first?.1 == Conversation())
        let dictionary = try fixture.database.prepareMultiSelect(on: properties, from: join, where: orphan).allMultiObjects()
        #expect((dictionary.first?["conversation"] as? Conversation) == Conversation())

        // A matched row is not nil, whatever its other columns hold.
        let matched = try fixture.database.prepareMultiSelect(on: properties, from: join,
                                                               where: Message.Properties.id.in(table: "message") == 2)
            .allObjects(of: Message.self, Conversation?.self)
        #expect(matched.first?.1?.title == "Work")
    }

    @Test("Ordering, limit and offset", arguments: [(limit: 1, offset: 0), (limit: 2, offset: 1), (limit: 5, offset: 2), (limit: 2, offset: 3)])
    func orderingAndLimit(limit: Int, offset: Int) throws {
        let fixture = try JoinDatabase()
        let expected = Array(["dinner?", "report", "hi mom"].dropFirst(offset).prefix(limit))
        let tuples = try fixture.database.prepareMultiSelect(
            on: [Message.Properties.content.in(table: "message"), Message.Properties.sentAt.in(table: "message"),
                 Conversation.Properties.title.in(table: "conversation")],
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
            .order(by: Message.Properties.sentAt.in(table: "message").asOrder(by: .descending))
            .limit(limit, offset: offset)
            .allObjects(of: Message.self, Conversation.self)
        #expect(tuples.map(\.0.content) == expected)
        let sentAt: [String: Double] = ["dinner?": 30, "report": 20, "hi mom": 10]
        #expect(tuples.map(\.0.sentAt) == expected.map { sentAt[$0]! })

        let projected: [MessageRow] = try fixture.database.getObjects(
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation,
            orderBy: [Message.Properties.sentAt.in(table: "message").asOrder(by: .descending)], limit: limit, offset: offset)
        #expect(projected.map(\.text) == expected)
        let first: MessageRow? = try fixture.database.getObject(
            fromTables: ["message", "conversation"], where: JoinDatabase.byConversation,
            orderBy: [Message.Properties.sentAt.in(table: "message").asOrder(by: .descending)], offset: offset)
        #expect(first?.text == expected.first)
    }

    @Test("A type no selected table has, or a selected table no type reads, is refused before reading")
    func typesMustMatchTheTables() throws {
        let fixture = try JoinDatabase()
        let prepare = {
            try fixture.database.prepareMultiSelect(
                on: Message.Properties.all.in(table: "message") + Conversation.Properties.all.in(table: "conversation"),
                fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
        }
        let missing = #expect(throws: WCDBError.self) { _ = try prepare().allObjects(of: Message.self, Author.self) }
        #expect(missing?.message?.contains("selects no property of Author") == true, "\(String(describing: missing))")
        let unread = #expect(throws: WCDBError.self) { _ = try prepare().allObjects(of: Message.self) }
        #expect(unread?.message?.contains("table \"conversation\" (Conversation)") == true, "\(String(describing: unread))")
        let twice = #expect(throws: WCDBError.self) { _ = try prepare().nextObject(of: Message.self, Message.self, Conversation.self) }
        #expect(twice?.message?.contains("selects Message from only 1 table") == true, "\(String(describing: twice))")
        // Nothing was read: the select still reads every row afterwards.
        let select = try prepare()
        _ = try? select.allObjects(of: Message.self)
        #expect(try select.allObjects(of: Message.self, Conversation.self).count == 3)
    }

    @Test("One table's columns decode into one model; a projection model is not a multi-table select's part")
    func multiSelectRefusals() throws {
        let fixture = try JoinDatabase()
        let mixed = #expect(throws: WCDBError.self) {
            _ = try fixture.database.prepareMultiSelect(
                on: [Message.Properties.content.in(table: "message"), Conversation.Properties.title.in(table: "message")],
                fromTables: ["message"])
        }
        #expect(mixed?.message?.contains("both Message and Conversation") == true, "\(String(describing: mixed))")
        let projection = #expect(throws: WCDBError.self) {
            _ = try fixture.database.prepareMultiSelect(on: MessageRow.Properties.all, fromTables: ["message", "conversation"])
        }
        #expect(projection?.message?.contains("MessageRow is a projection model") == true, "\(String(describing: projection))")
    }

    // MARK: Projection models

    @Test("A projection model's properties are qualified by their tables")
    func projectionPropertiesAreQualified() {
        #expect(MessageRow.Properties.text.description == "message.text")
        #expect(MessageRow.Properties.conversationTitle.description == "conversation.title")
        #expect(InboxLine.Properties.all.map(\.description) == ["message.id", "message.text", "conversation.id", "conversation.title"])
        #expect(MessageRow.objectRelationalMapping.projectedTables == ["message", "conversation"])
        #expect(Message.objectRelationalMapping.projectedTables.isEmpty)
    }

    @Test("An unknown column is SQLite's error, naming it; no table is changed")
    func unknownColumn() throws {
        let fixture = try JoinDatabase()
        let schema = try fixture.database.getRows("SELECT sql FROM sqlite_master WHERE name = 'conversation'")
        let error = #expect(throws: WCDBError.self) {
            let _: [MisspelledRow] = try fixture.database.getObjects(fromTables: ["message", "conversation"], where: JoinDatabase.byConversation)
        }
        #expect(error?.level == .sqlite)
        #expect(error?.message == "no such column: conversation.titel")
        // Read from one table, the auto-add-column recovery does not add a projection's column either.
        #expect(throws: WCDBError.self) {
            let _: [MisspelledRow] = try fixture.database.getObjects(fromTable: "conversation")
        }
        #expect(try fixture.database.getRows("SELECT sql FROM sqlite_master WHERE name = 'conversation'") == schema)
        // The chain call fails the same way when it runs.
        let select = try fixture.database.prepareSelect(of: MisspelledRow.self, fromTables: ["conversation"])
        #expect(throws: WCDBError.self) { let _: [MisspelledRow] = try select.allObjects() }
    }

    @Test("A projection model has no table of its own to create")
    func projectionModelCreatesNoTable() throws {
        let fixture = try JoinDatabase()
        let error = #expect(throws: WCDBError.self) { try fixture.database.create(table: "rows", of: MessageRow.self) }
        #expect(error?.message?.contains("MessageRow is a projection model") == true, "\(String(describing: error))")
        #expect(try fixture.database.isTableExists("rows") == false)
    }
}
