// fastprim/report.hpp: what runs here and why: the CPU's features, the overrides, and per
// primitive the backend chosen and why each better one was not. Includes every primitive, so it
// is for tools and tests (cli/fastprim-info.cpp prints it), not for hot translation units.
#pragma once

#include "fastprim/aes.hpp"
#include "fastprim/aes_gcm.hpp"
#include "fastprim/aes_xts.hpp"
#include "fastprim/authenc.hpp"
#include "fastprim/dispatch/report.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/pac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"
