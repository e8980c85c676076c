//! The rules proven by perft: the number of leaves of the legal move tree, counted through
//! our own make and unmake, equals the published figures (chessprogramming.org, "Perft
//! Results": the start position, "Kiwipete" and positions 3 to 6, which between them
//! exercise castling through and out of check, en passant with its discovered checks, and
//! every promotion).

use nullmove_chess::{ChessGame, parse_fen, perft};
use rayon::prelude::*;

/// A position and its published counts from depth 1 up.
struct Published {
    name: &'static str,
    fen: &'static str,
    counts: &'static [u64],
}

/// The published counts, as deep as this test runs each position: 609 million leaves,
/// about five seconds with the test profile's optimizations (the last ply is counted, not
/// made: bulk counting, as perft programs do).
const POSITIONS: [Published; 7] = [
    Published {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    },
    Published {
        name: "Kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    },
    Published {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083],
    },
    Published {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    Published {
        name: "position 4, mirrored",
        fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    Published {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    },
    Published {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    },
];

#[test]
fn perft_equals_the_published_counts() {
    // One position per task, so both cores count.
    POSITIONS.par_iter().for_each(|p| {
        let game = ChessGame::new(parse_fen(p.fen).expect("a legal FEN"));
        for (depth, &expected) in (1..).zip(p.counts) {
            let counted = perft(&game, depth);
            assert_eq!(counted, expected, "{} depth {depth}", p.name);
        }
    });
}
