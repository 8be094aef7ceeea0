// WCDBSwift: the runtime. WINQ (the SQL syntax tree) lives in WINQ/, the connection layer in Core/,
// the object-relational mapping protocols in ORM/, and the one-line CRUD and chain calls in CRUD/.
