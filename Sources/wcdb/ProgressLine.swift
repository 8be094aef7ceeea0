import Foundation

/// A progress bar redrawn in place on a terminal; plain lines every 10 % otherwise.
final class ProgressLine {
    let title: String
    let isTerminal = isatty(STDOUT_FILENO) == 1
    private var lastDecile = -1

    init(title: String) { self.title = title }

    func update(_ share: Double) -> Bool {
        if isTerminal {
            let width = 30
            let filled = Int(share * Double(width))
            let bar = "\r\(title) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] \(Int(share * 100))%"
            FileHandle.standardOutput.write(Data(bar.utf8))
        } else if Int(share * 10) > lastDecile {
            lastDecile = Int(share * 10)
            say("\(title): \(lastDecile * 10)%")
        }
        return true
    }

    func finish() { if isTerminal { say("") } }
}

/// Writes one line to standard output at once (unbuffered), so a pipe sees each line as it happens.
func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
