// A self-signed certificate for tls.test (EC P-256, valid until 2126), for tests of TLS over the guarded client:
// no client trusts it, so a handshake that checks certificates must fail; the server sees which name was sent (SNI).
export const TLS_TEST_NAME = 'tls.test';
export const TLS_TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgT2529YMxIA7xmHHQ
ZdabQvJ/GKDZORpIY5JYqZm8WVmhRANCAAR5yVT+gRlU4AGvl9JeYuE4bM0tMtTR
vpWFzSgy7yQfiLXCNfmnKYuApxV2AyP4XTtMBSBKg0UJk5GI7yS1yB7a
-----END PRIVATE KEY-----
`;
export const TLS_TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBkjCCATigAwIBAgIUQQtQ9d2m5wxtT4wc3rGEnHJYc5YwCgYIKoZIzj0EAwIw
EzERMA8GA1UEAwwIdGxzLnRlc3QwIBcNMjYxMTI1MTczMjA4WhgPMjEyNjExMDEx
NzMyMDhaMBMxETAPBgNVBAMMCHRscy50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEeclU/oEZVOABr5fSXmLhOGzNLTLU0b6Vhc0oMu8kH4i1wjX5pymLgKcV
dgMj+F07TAUgSoNFCZORiO8ktcge2qNoMGYwHQYDVR0OBBYEFLE7zhyOqdEK01vl
lN1SACJ54lzEMB8GA1UdIwQYMBaAFLE7zhyOqdEK01vllN1SACJ54lzEMA8GA1Ud
EwEB/wQFMAMBAf8wEwYDVR0RBAwwCoIIdGxzLnRlc3QwCgYIKoZIzj0EAwIDSAAw
RQIhANLX4PIU4yGMrC2kSdqnbblXdX2962AjEbKz1Mh9nemwAiACwCbgnnHiWKKl
uJex2UP4mQNBbnEx7FgufvRiH9fH/g==
-----END CERTIFICATE-----
`;
