// Names the ObservingQueries article's blocks use without declaring (scripts/docs-examples.py): the
// database the article observes, and the app's view it updates.
import WCDBSwift

let database = Database(withPath: "~/Documents/chat.db")

func show(_ messages: [Message]) {
    print(messages.map(\.text))
}
