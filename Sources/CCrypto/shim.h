#ifndef WCDB_CCRYPTO_SHIM_H
#define WCDB_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, which SQLCipher itself links: PBKDF2, HMAC-SHA1 and AES-256-CBC for reading
// SQLCipher 3 pages and sealing backup material.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#endif
