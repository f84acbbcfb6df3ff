// fastprim/pac.hpp: umbrella for Arm pointer authentication: ComputePAC (QARMA5, QARMA3, QEMU
// impdef) and the PAC/AUT/XPAC/PACGA pointer model with QEMU semantics.
// ISA: see the included headers. Constant-time: see the included headers.
// Reference: docs/pac-spec.md sections 5-8.
#pragma once

#include "fastprim/pac/compute.hpp"
#include "fastprim/pac/pointer.hpp"
