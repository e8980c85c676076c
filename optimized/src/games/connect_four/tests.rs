use std::collections::HashMap;

use super::*;

/// The board `C` x `R` as a grid of marks (`1` first player, `2` second, `0` empty), from
/// the rules alone: columns filled from the bottom by the moves played.
fn grid<const C: u32, const R: u32>(moves: &[u8]) -> Vec<Vec<u8>> {
    let mut g = vec![vec![0_u8; R as usize]; C as usize];
    for (i, &c) in moves.iter().enumerate() {
        let column = &mut g[usize::from(c)];
        let row = column.iter().position(|&m| m == 0).expect("an open column");
        column[row] = if i % 2 == 0 { 1 } else { 2 };
    }
    g
}

/// Every window of four cells of a `C` x `R` grid, as cell coordinates.
fn windows(c_max: i32, r_max: i32) -> Vec<[(usize, usize); 4]> {
    let mut out = Vec::new();
    for c in 0..c_max {
        for r in 0..r_max {
            for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells = [0, 1, 2, 3].map(|i| (c + i * dc, r + i * dr));
                if cells
                    .iter()
                    .all(|&(x, y)| (0..c_max).contains(&x) && (0..r_max).contains(&y))
                {
                    out.push(cells.map(|(x, y)| (x as usize, y as usize)));
                }
            }
        }
    }
    out
}

/// The evaluation and the terminal score of a grid, by the definitions.
fn by_definition(g: &[Vec<u8>], depth: u32) -> (Value, Option<Value>) {
    let (c_max, r_max) = (g.len() as i32, g[0].len() as i32);
    let mut score = 0;
    let mut winner = None;
    for w in windows(c_max, r_max) {
        let count = |p: u8| w.iter().filter(|&&(x, y)| g[x][y] == p).count() as Value;
        let (first, second) = (count(1), count(2));
        match (first, second) {
            (4, _) => winner = Some(1),
            (_, 4) => winner = Some(-1),
            (f, 0) => score += f * f,
            (0, s) => score -= s * s,
            _ => {}
        }
    }
    let full = g.iter().all(|column| column.iter().all(|&m| m != 0));
    let terminal = match winner {
        Some(sign) => Some(sign * (WIN - depth as Value)),
        None => full.then_some(0),
    };
    (score, terminal)
}

/// A deterministic pseudo-random sequence (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games played to the end on a `C` x `R` board, every position checked against
/// the definitions: the terminal score, the evaluation, the moves, the mirror image.
fn random_games<const C: u32, const R: u32>(games: usize) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..games {
        let mut game = ConnectFour::<C, R>::new();
        let mut moves = Vec::new();
        loop {
            let g = grid::<C, R>(&moves);
            let depth = moves.len() as u32;
            let (eval, terminal) = by_definition(&g, depth);
            assert_eq!(game.terminal_score(depth), terminal, "{moves:?}");
            if terminal.is_some() {
                break;
            }
            assert_eq!(game.evaluate(), eval, "{moves:?}");
            let open: Vec<u8> = (0..C as u8)
                .filter(|&c| g[usize::from(c)][R as usize - 1] == 0)
                .collect();
            let mut listed: Vec<u8> = game.moves().collect();
            listed.sort_unstable();
            assert_eq!(listed, open);
            let mirrored: Vec<u8> = moves.iter().map(|&c| C as u8 - 1 - c).collect();
            let mirror: String = mirrored.iter().map(|&c| char::from(b'1' + c)).collect();
            if C <= 9 {
                let m: ConnectFour<C, R> = mirror.parse().expect("a legal game");
                assert_eq!(m.evaluate(), eval, "the evaluation is symmetric");
            }
            let c = open[rng.below(open.len())];
            game.play(c);
            moves.push(c);
        }
    }
}

#[test]
fn every_position_of_random_games_follows_the_rules() {
    random_games::<7, 6>(300);
    random_games::<6, 5>(300);
    random_games::<4, 4>(100);
}

#[test]
fn boards_have_their_windows_and_orders() {
    let windows = |starts: [u64; 4]| starts.iter().map(|s| s.count_ones()).sum::<u32>();
    assert_eq!(windows(Standard::STARTS), 69);
    assert_eq!(windows(ConnectFour::<6, 5>::STARTS), 39);
    for (&s, &starts) in Standard::STEPS.iter().zip(&Standard::STARTS) {
        let last = starts << (3 * s); // the windows' last cells, on the board
        assert_eq!((starts | last) & !Standard::FULL, 0);
    }
    let order: Vec<u8> = Standard::new().moves().collect();
    assert_eq!(order, [3, 4, 2, 5, 1, 6, 0]);
    let order: Vec<u8> = ConnectFour::<6, 5>::new().moves().collect();
    assert_eq!(order, [2, 3, 1, 4, 0, 5]);
    // Full columns drop out of the order.
    let g: Standard = "444444".parse().expect("legal");
    assert_eq!(g.moves().collect::<Vec<_>>(), [4, 2, 5, 1, 6, 0]);
    assert_eq!(g.material(), 36);
}

#[test]
fn codes_and_keys_tell_positions_apart() {
    // Every position within six plies, and each with the other side to move (a pass).
    let mut seen: HashMap<u64, Standard> = HashMap::new();
    let mut keys: HashMap<u64, Standard> = HashMap::new();
    let mut frontier = vec![Standard::new()];
    for _ in 0..=6 {
        let mut next = Vec::new();
        for g in frontier {
            let mut passed = g;
            passed.pass();
            for p in [g, passed] {
                assert_eq!(*seen.entry(p.code()).or_insert(p), p);
                assert_eq!(*keys.entry(p.key()).or_insert(p), p);
            }
            if g.terminal_score(0).is_none() {
                next.extend(g.moves().map(|c| {
                    let mut child = g;
                    child.play(c);
                    child
                }));
            }
        }
        frontier = next;
    }
    assert!(seen.len() > 10_000, "{} positions", seen.len());
    // The mixed key fills a table's low bits as a random one would (n keys in m slots fill
    // m (1 - e^(-n/m)) of them); the raw code leaves most of them empty.
    let filled = |k: &mut dyn Iterator<Item = &u64>| {
        k.map(|k| k & 0xFFFF)
            .collect::<std::collections::HashSet<_>>()
            .len() as f64
    };
    let m = 65_536_f64;
    let random = m * (1.0 - (-(keys.len() as f64) / m).exp());
    let (mixed, raw) = (filled(&mut keys.keys()), filled(&mut seen.keys()));
    assert!(mixed > 0.98 * random, "{mixed} slots, random {random}");
    assert!(raw < 0.5 * random, "{raw} slots, random {random}");
}

#[test]
fn bad_games_are_refused_with_the_reason() {
    let parse = |s: &str| s.parse::<Standard>();
    assert_eq!(
        parse("48"),
        Err(ConnectFourError::Column {
            index: 2,
            found: '8',
            columns: 7
        })
    );
    assert!(matches!(
        parse("0"),
        Err(ConnectFourError::Column { index: 1, .. })
    ));
    assert!(matches!(
        parse("4x"),
        Err(ConnectFourError::Column { index: 2, .. })
    ));
    assert_eq!(
        parse("1111111"),
        Err(ConnectFourError::Full {
            index: 7,
            column: 1
        })
    );
    // The first player completes column 1 with the seventh move.
    assert!(parse("1212121").is_ok());
    assert_eq!(parse("12121212"), Err(ConnectFourError::Over { index: 8 }));
    assert_eq!(
        parse("8").unwrap_err().to_string(),
        "move 1: '8' is not a column: expected a digit 1..=7"
    );
}

#[test]
fn a_pass_into_a_threat_is_dangerous() {
    // X: 1, 2, 3 in the bottom row; O above. O to move may not pass: X would take 4.
    let g: Standard = "112233".parse().expect("legal");
    assert!(g.maximizing());
    let mut o_to_move = g;
    o_to_move.play(6);
    assert!(o_to_move.pass_is_dangerous());
    assert!(!Standard::new().pass_is_dangerous());
    assert_eq!(
        g.to_string(),
        ".......\n.......\n.......\n.......\nOOO....\nXXX....\n"
    );
}
