import WCDBRepair

/// With page 1 lost, nothing in the file names its tables, so backup material from another database
/// (or written before a VACUUM moved the roots) would send rows into wrong tables. Each root the
/// material names is checked against the file: a readable root must be a tree of the table's kind
/// whose first records fit the table (`Shape.fits`: width, rowid alias, NOT NULL, affinity). A root
/// that does not is not followed (two roots swapped would send each table's rows into the other); its
/// rows are left to the scan by shape. Encrypted files are also checked by their salt.
struct MaterialCheck {
    /// Tables whose root contradicts the material: their rows are left to the scan by shape.
    private(set) var contradicted = Set<String>()
    private(set) var confirmed = 0

    init(tables: [SchemaEntry], shapes: [RecoveryWriter.Shape], salvager: Salvager) {
        for entry in tables where entry.rootPage >= 1 {
            guard let shape = shapes.first(where: { $0.table == entry.name }),
                  let sample = salvager.sample(root: entry.rootPage) else { continue }  // unreadable: no evidence
            let kindFits = sample.kind.isTable != shape.withoutRowid
            let recordsFit = sample.records.allSatisfy(shape.fits)
            if kindFits && recordsFit { confirmed += 1 } else { contradicted.insert(entry.name) }
        }
    }

    /// Roots contradict the material and none confirms it: it describes another database.
    var isForeign: Bool { !contradicted.isEmpty && confirmed == 0 }
}
