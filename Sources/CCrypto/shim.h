#ifndef WCDB_CCRYPTO_SHIM_H
#define WCDB_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, which SQLCipher itself links: PBKDF2, HMAC-SHA1 and AES-256-CBC for reading
// SQLCipher 3 pages and sealing backup material.
//
// HMAC_CTX_* (what SQLCipher 3 itself calls) are marked deprecated since OpenSSL 3.0 but remain part of
// its API for the whole 3.x line; without this the build log carries a deprecation warning per call,
// and scripts/docs.sh rejects any warning in its log.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#endif
