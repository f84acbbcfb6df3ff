// fastprim-sha1sum: coreutils-compatible sha1sum on fastprim::sha1 (see shasum_main.hpp).
#include <fastprim/sha1.hpp>

#include "shasum_main.hpp"

int main(int argc, char** argv) { return shasum<fastprim::sha1>(argv[0], "SHA1").main(argc, argv); }
