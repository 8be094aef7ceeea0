import WCDBSwift
