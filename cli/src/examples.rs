//! The examples each command's help ends with (clap's `after_help`), one constant per
//! command: what a newcomer types first, each under a comment saying what it shows. Every
//! line that starts with `nullmove` is a whole command (a line ending in `\` goes on below,
//! as in a shell); the tests parse each one and run those that take under a second, so an
//! example cannot go stale. FENs are quoted as a shell needs; run from the repository root,
//! where `chess/data/` and `arena/data/books/` are.

/// `nullmove audit`.
pub const AUDIT: &str = "\
Examples:
  # Every claim: status, id, and what was published against what was measured, cut to fit
  nullmove audit
  # One claim in full: statement, evidence, and the commands that replay it
  nullmove audit --claim pitfall2-never-wrong --details
  # Every claim as one JSON document
  nullmove audit --json
  # The page's sentences, each with the claims that check it (the texts: ../shared/page)
  nullmove audit --page ../shared/page/null-move-pruning.en.txt";

/// `nullmove search`.
pub const SEARCH: &str = "\
Examples:
  # The page's pitfall: null move settles for cell 0, worth 9; plain search finds 4, worth 12
  nullmove search --board ...O.X... --depth 3 --mode null --reduction 1
  nullmove search --board ...O.X... --depth 3 --mode plain
  # The exact value of every move (the oracle does not prune: no mode, no R)
  nullmove search --board ...O.X... --depth 3 --engine oracle
  # A safeguard: each probe must still search one real ply, and the pitfall is gone
  nullmove search --board ...O.X... --depth 3 --mode null --reduction 1 --min-probe-depth 1";

/// `nullmove tree-stats`.
pub const TREE_STATS: &str = "\
Examples:
  # Nodes, games won by each side and drawn, reachable positions, the value of the game
  nullmove tree-stats
  nullmove tree-stats --json";

/// `nullmove trace`.
pub const TRACE: &str = "\
Examples:
  # The page's pitfall event by event: the probe after X's centre move lands on the limit
  nullmove trace --board ...O.X... --depth 3 --mode null --reduction 1
  # One event at a time, like the page's Step button (Enter: next, r: run, q: quit)
  nullmove trace --board ...O.X... --depth 3 --mode null --reduction 1 --step
  # JSON lines, the root report last
  nullmove trace --board ...O.X... --depth 3 --mode plain --json";

/// `nullmove sweep`.
pub const SWEEP: &str = "\
Examples:
  # The page's sweep: the empty board, depth limits 1..=9, R 0..=6
  nullmove sweep
  # The headline: depth limit 5, R 3
  nullmove sweep --depths 5 --reductions 3
  # Every non-terminal position, with a chart of the savings
  nullmove sweep --positions all --depths 1..=5 --reductions 0..=3 --svg sweep.svg
  # The rows as CSV, for a spreadsheet
  nullmove sweep --csv";

/// `nullmove safeguards`.
pub const SAFEGUARDS: &str = "\
Examples:
  # Every safeguard over every reachable position (a few seconds)
  nullmove safeguards
  # Only the empty board, the page's own sweep
  nullmove safeguards --positions empty
  # Nodes saved against the worse-move rate, one point per safeguard, as a chart
  nullmove safeguards --svg safeguards.svg";

/// `nullmove bench`.
pub const BENCH: &str = "\
Examples:
  # The optimized engine: its node total changes only when the search does
  nullmove bench
  # Both engines, the page's JavaScript in Rust first: the same nodes, their speeds
  nullmove bench --engine all";

/// `nullmove kpk`.
pub const KPK: &str = "\
Examples:
  # The article's zugzwang: White to move draws; with Black to move, White would win
  nullmove kpk --fen '8/4k3/8/4K3/4P3/8/8/8 w - - 0 1'
  # A win that null move at R 1 calls a draw: its cutoff trusts a pass in that zugzwang
  nullmove kpk --fen '8/4k3/8/3K4/4P3/8/8/8 w - - 0 1' --depth 3 --reduction 1
  # The same search without null move
  nullmove kpk --fen '8/4k3/8/3K4/4P3/8/8/8 w - - 0 1' --depth 3 --mode plain
  # The table's counts, its mutual zugzwangs, and null move's errors over every position
  nullmove kpk stats
  nullmove kpk zugzwangs
  nullmove kpk sweep --depths 2 --reductions 0..=1 --half-board";

/// `nullmove kpk stats`.
pub const KPK_STATS: &str = "\
Examples:
  # Positions won, drawn and lost, on the full board and on files a-d (Syzygy's half)
  nullmove kpk stats
  nullmove kpk stats --json";

/// `nullmove kpk zugzwangs`.
pub const KPK_ZUGZWANGS: &str = "\
Examples:
  # Every mutual zugzwang as FEN, White to move
  nullmove kpk zugzwangs
  nullmove kpk zugzwangs --json";

/// `nullmove kpk sweep`.
pub const KPK_SWEEP: &str = "\
Examples:
  # Every configuration at depth limits 1..=4, R 0..=2: the longest of these examples
  nullmove kpk sweep
  # A quicker look: depth limit 2, R 0 and 1, the pawn on files a-d
  nullmove kpk sweep --depths 2 --reductions 0..=1 --half-board
  # The page's rule against no pass in check, with the exact evaluation only
  nullmove kpk sweep --configurations page,in_check --eval exact";

/// `nullmove chess`.
pub const CHESS: &str = "\
Examples:
  # The starting position to depth 6 under r3, the default configuration
  nullmove chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' --depth 6
  # The same under Tabibi & Netanyahu's verified null move
  nullmove chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' --depth 6 \\
      --config verified
  # A test suite, a match, the deep search's signature, a match's statistics
  nullmove chess suite --suite wac --limit 20 --depth 4 --configs none,r3
  nullmove chess match --players r3,none --book arena/data/books/noob_3moves.sample.epd \\
      --pairs 10 --nodes 2000
  nullmove chess bench
  nullmove chess sprt --wdl 1055,4701,3469";

/// `nullmove chess suite`.
pub const CHESS_SUITE: &str = "\
Examples:
  # Win at Chess, its first 20 positions, depth 4, every configuration
  nullmove chess suite --suite wac --limit 20 --depth 4
  # The zugzwang suite at depths 1..=5, none against r3, by pieces on the board
  nullmove chess suite --suite zugts --depths 1..=5 --configs none,r3 --by-pieces
  # Your own EPD file (positions with bm or am), the tables in Markdown
  nullmove chess suite --epd chess/data/eet.epd --depth 4 --markdown";

/// `nullmove chess match`.
pub const CHESS_MATCH: &str = "\
Examples:
  # r3 against no null move, 100 game pairs at 2,000 nodes a move (the same games every run)
  nullmove chess match --players r3,none --book arena/data/books/noob_3moves.sample.epd \\
      --pairs 100 --nodes 2000
  # At a clock of 1 s and 10 ms a move, stopped by an SPRT of 0 against 5 Elo
  nullmove chess match --players r3,none --book arena/data/books/uho_4060_v2.sample.epd \\
      --pairs 2000 --tc 1+0.01 --sprt 0,5
  # Against another UCI engine, its options after the path
  nullmove chess match --players r3,uci:/usr/games/stockfish:Hash=16 \\
      --book arena/data/books/noob_3moves.sample.epd --pairs 50 --tc 1+0.01
  # One shard of two, for a batch system; merge joins the shards
  nullmove chess match --players r3,none --book arena/data/books/noob_3moves.sample.epd \\
      --pairs 100 --nodes 2000 --shard 0/2 --json";

/// `nullmove chess match merge`.
pub const CHESS_MATCH_MERGE: &str = "\
Examples:
  # The --json output of shards 0/2 and 1/2, each saved to a file, as one match
  nullmove chess match merge shard0.json shard1.json
  nullmove chess match merge shard0.json shard1.json --json";

/// `nullmove chess match compare`.
pub const CHESS_MATCH_COMPARE: &str = "\
Examples:
  # Null move from the endgame book against the openings, with what each side searched
  nullmove chess match compare results/matches/r3-none-uho-full-10k.json \\
      results/matches/r3-none-endgames-full-10k.json";

/// `nullmove chess bench`.
pub const CHESS_BENCH: &str = "\
Examples:
  # The node total of a fixed workload: it changes only when the search does
  nullmove chess bench
  nullmove chess bench --json";

/// `nullmove chess sprt`.
pub const CHESS_SPRT: &str = "\
Examples:
  # Elo with its 95% interval from game pairs (fishtest's pentanomial counts)
  nullmove chess sprt --pentanomial 230,4738,21769,4745,242
  # The same with an SPRT of normalized Elo -1.75 against 0.25, as fishtest bounds it
  nullmove chess sprt --pentanomial 230,4738,21769,4745,242 --elo0=-1.75 --elo1 0.25 \\
      --model normalized
  # From games won, drawn and lost alone
  nullmove chess sprt --wdl 1055,4701,3469";

/// `nullmove probes`.
pub const PROBES: &str = "\
Examples:
  # The headline search taken apart: how many nodes probe, how many probes cut
  nullmove probes --board ......... --depth 5 --reduction 3
  # The second pitfall: at depth limit 9, R 1 the probes cost more than they save
  nullmove probes --board ......... --depth 9 --reduction 1";

/// `nullmove rules`.
pub const RULES: &str = "\
Examples:
  # The page's grid on the empty board: depth limits 1..=9, R 0..=6, both modes
  nullmove rules
  # Every non-terminal position, a smaller grid
  nullmove rules --positions all --depths 1..=5 --reductions 0..=3";

/// `nullmove zugzwang`.
pub const ZUGZWANG: &str = "\
Examples:
  # Is passing ever better than moving? Every position, by exact game values
  nullmove zugzwang
  # The same, and one position's values
  nullmove zugzwang --board ...O.X...";

/// `nullmove serve`.
pub const SERVE: &str = "\
Examples:
  # The page's \"Try it\" at http://127.0.0.1:8080
  nullmove serve
  # Any free port: the address printed says which
  nullmove serve --port 0";

/// `nullmove uci`.
pub const UCI: &str = "\
Examples:
  # In a GUI or a match tool (cutechess-cli, fastchess), the engine's command is:
  nullmove uci
  # then, to choose a configuration: setoption name NullMove value verified";

/// `nullmove completions`.
pub const COMPLETIONS: &str = "\
Examples:
  # Bash: saved as ~/.local/share/bash-completion/completions/nullmove
  nullmove completions bash
  # Zsh: saved as _nullmove in a folder of $fpath; fish: in ~/.config/fish/completions/
  nullmove completions zsh
  nullmove completions fish";

/// `nullmove man`.
pub const MAN: &str = "\
Examples:
  # nullmove(1) on stdout, where `man -l -` reads it
  nullmove man
  # Every page where man finds them beside ~/.cargo/bin (then: man nullmove-audit)
  nullmove man --dir ~/.cargo/share/man/man1";
