// fastprim/fastprim.hpp: the umbrella header, every primitive plus the dispatch report.
#pragma once

#include "fastprim/report.hpp"
#include "fastprim/aes.hpp"
#include "fastprim/aes_gcm.hpp"
#include "fastprim/aes_xts.hpp"
#include "fastprim/authenc.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/pac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"
