// fastprim-sha256sum: coreutils-compatible sha256sum on fastprim::sha256 (see shasum_main.hpp).
#include <fastprim/sha256.hpp>

#include "shasum_main.hpp"

int main(int argc, char** argv) { return shasum<fastprim::sha256>(argv[0], "SHA256").main(argc, argv); }
