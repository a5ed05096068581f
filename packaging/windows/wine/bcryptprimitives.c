/* Test harness only, never shipped: a bcryptprimitives.dll for Debian 12's wine 8.0, which lacks
 * ProcessPrng (Windows 10+ has it; the Rust standard library in pydantic-core imports it).
 * Built with mingw-w64 into the wine prefix by packaging/windows/build_and_smoke_wine.sh. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
    while (size) {
        ULONG chunk = size > 0x10000000 ? 0x10000000 : (ULONG)size;
        if (!RtlGenRandom(data, chunk)) return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
