nullmove chess match --players r3,none --book arena/data/books/uho_4060_v2.sample.epd --pairs 300 --nodes 10000 --concurrency 2 --json
