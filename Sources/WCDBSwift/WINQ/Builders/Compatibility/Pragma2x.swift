// The rest of WCDB 2.x's `Pragma` statics, named as 2.x names them (the others are in Pragma.swift).

extension Pragma {
    /// `automatic_index` (WCDB 2.x's `Pragma.automaticIndex`).
    public static let automaticIndex = Pragma(named: "automatic_index")
    /// `cache_spill` (WCDB 2.x's `Pragma.cacheSpill`).
    public static let cacheSpill = Pragma(named: "cache_spill")
    /// `cell_size_check` (WCDB 2.x's `Pragma.cellSizeCheck`).
    public static let cellSizeCheck = Pragma(named: "cell_size_check")
    /// `checkpoint_fullfsync` (WCDB 2.x's `Pragma.checkpointFullfsync`).
    public static let checkpointFullfsync = Pragma(named: "checkpoint_fullfsync")
    /// `cipher_add_random` (WCDB 2.x's `Pragma.cipherAddRandom`).
    public static let cipherAddRandom = Pragma(named: "cipher_add_random")
    /// `cipher_default_kdf_iter` (WCDB 2.x's `Pragma.cipherDefaultKdfIter`).
    public static let cipherDefaultKdfIter = Pragma(named: "cipher_default_kdf_iter")
    /// `cipher_default_page_size` (WCDB 2.x's `Pragma.cipherDefaultPageSize`).
    public static let cipherDefaultPageSize = Pragma(named: "cipher_default_page_size")
    /// `cipher_default_use_hmac` (WCDB 2.x's `Pragma.cipherDefaultUseHmac`).
    public static let cipherDefaultUseHmac = Pragma(named: "cipher_default_use_hmac")
    /// `cipher_profile` (WCDB 2.x's `Pragma.cipherProfile`).
    public static let cipherProfile = Pragma(named: "cipher_profile")
    /// `cipher_provider` (WCDB 2.x's `Pragma.cipherProvider`).
    public static let cipherProvider = Pragma(named: "cipher_provider")
    /// `cipher_provider_version` (WCDB 2.x's `Pragma.cipherProviderVersion`).
    public static let cipherProviderVersion = Pragma(named: "cipher_provider_version")
    /// `cipher_use_hmac` (WCDB 2.x's `Pragma.cipherUseHmac`).
    public static let cipherUseHmac = Pragma(named: "cipher_use_hmac")
    /// `cipher_version` (WCDB 2.x's `Pragma.cipherVersion`).
    public static let cipherVersion = Pragma(named: "cipher_version")
    /// `cipher_salt` (WCDB 2.x's `Pragma.cipherSalt`).
    public static let cipherSalt = Pragma(named: "cipher_salt")
    /// `cipher_plaintext_header_size` (WCDB 2.x's `Pragma.cipherPlainTextHeaderSize`).
    public static let cipherPlainTextHeaderSize = Pragma(named: "cipher_plaintext_header_size")
    /// `collation_list` (WCDB 2.x's `Pragma.collationList`).
    public static let collationList = Pragma(named: "collation_list")
    /// `compile_options` (WCDB 2.x's `Pragma.compileOptions`).
    public static let compileOptions = Pragma(named: "compile_options")
    /// `count_changes` (WCDB 2.x's `Pragma.countChanges`).
    public static let countChanges = Pragma(named: "count_changes")
    /// `data_store_directory` (WCDB 2.x's `Pragma.dataStoreDirectory`).
    public static let dataStoreDirectory = Pragma(named: "data_store_directory")
    /// `data_version` (WCDB 2.x's `Pragma.dataVersion`).
    public static let dataVersion = Pragma(named: "data_version")
    /// `default_cache_size` (WCDB 2.x's `Pragma.defaultCacheSize`).
    public static let defaultCacheSize = Pragma(named: "default_cache_size")
    /// `defer_foreign_keys` (WCDB 2.x's `Pragma.deferForeignKeys`).
    public static let deferForeignKeys = Pragma(named: "defer_foreign_keys")
    /// `empty_result_callbacks` (WCDB 2.x's `Pragma.emptyResultCallbacks`).
    public static let emptyResultCallbacks = Pragma(named: "empty_result_callbacks")
    /// `encoding` (WCDB 2.x's `Pragma.encoding`).
    public static let encoding = Pragma(named: "encoding")
    /// `full_column_names` (WCDB 2.x's `Pragma.fullColumnNames`).
    public static let fullColumnNames = Pragma(named: "full_column_names")
    /// `ignore_check_constraints` (WCDB 2.x's `Pragma.ignoreCheckConstraints`).
    public static let ignoreCheckConstraints = Pragma(named: "ignore_check_constraints")
    /// `index_xinfo` (WCDB 2.x's `Pragma.indexXinfo`).
    public static let indexXinfo = Pragma(named: "index_xinfo")
    /// `legacy_file_format` (WCDB 2.x's `Pragma.legacyFileFormat`).
    public static let legacyFileFormat = Pragma(named: "legacy_file_format")
    /// `max_page_count` (WCDB 2.x's `Pragma.maxPageCount`).
    public static let maxPageCount = Pragma(named: "max_page_count")
    /// `parser_trace` (WCDB 2.x's `Pragma.parserTrace`).
    public static let parserTrace = Pragma(named: "parser_trace")
    /// `query_only` (WCDB 2.x's `Pragma.queryOnly`).
    public static let queryOnly = Pragma(named: "query_only")
    /// `read_uncommitted` (WCDB 2.x's `Pragma.readUncommitted`).
    public static let readUncommitted = Pragma(named: "read_uncommitted")
    /// `reverse_unordered_selects` (WCDB 2.x's `Pragma.reverseUnorderedSelects`).
    public static let reverseUnorderedSelects = Pragma(named: "reverse_unordered_selects")
    /// `short_column_names` (WCDB 2.x's `Pragma.shortColumnNames`).
    public static let shortColumnNames = Pragma(named: "short_column_names")
    /// `shrink_memory` (WCDB 2.x's `Pragma.shrinkMemory`).
    public static let shrinkMemory = Pragma(named: "shrink_memory")
    /// `soft_heap_limit` (WCDB 2.x's `Pragma.softHeapLimit`).
    public static let softHeapLimit = Pragma(named: "soft_heap_limit")
    /// `stats` (WCDB 2.x's `Pragma.stats`).
    public static let stats = Pragma(named: "stats")
    /// `temp_store_directory` (WCDB 2.x's `Pragma.tempStoreDirectory`).
    public static let tempStoreDirectory = Pragma(named: "temp_store_directory")
    /// `threads` (WCDB 2.x's `Pragma.threads`).
    public static let threads = Pragma(named: "threads")
    /// `vdbe_addoptrace` (WCDB 2.x's `Pragma.vdbeAddoptrace`).
    public static let vdbeAddoptrace = Pragma(named: "vdbe_addoptrace")
    /// `vdbe_debug` (WCDB 2.x's `Pragma.vdbeDebug`).
    public static let vdbeDebug = Pragma(named: "vdbe_debug")
    /// `vdbe_listing` (WCDB 2.x's `Pragma.vdbeListing`).
    public static let vdbeListing = Pragma(named: "vdbe_listing")
    /// `vdbe_trace` (WCDB 2.x's `Pragma.vdbeTrace`).
    public static let vdbeTrace = Pragma(named: "vdbe_trace")
    /// `writable_schema` (WCDB 2.x's `Pragma.writableSchema`).
    public static let writableSchema = Pragma(named: "writable_schema")
}
