//! `SplitMix64`: the one seeded generator of the workspace, for the books' orders and the
//! audit's bootstrap. Small, well mixed, and the same on every machine, so a shuffled book or
//! a resampled interval is played or printed again bit for bit anywhere.

/// Steele, Lea and Flood's `SplitMix64`, with Lemire's multiply-shift for a range.
///
/// # Example
/// ```
/// use nullmove_numbers::random::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!((0..1_000).all(|_| a.below(10) < 10));
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An index below `n` (at least 1) by Lemire's multiply-shift: no division, and a bias
    /// below `n / 2^64`.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0, "an index below 0");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    /// The reference sequence of seed 0 (Vigna's `splitmix64.c`): what makes a book's order
    /// the same here as in any other implementation.
    #[test]
    fn seed_zero_gives_the_reference_sequence() {
        let mut rng = SplitMix64::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F
            ]
        );
    }

    #[test]
    fn below_covers_its_range_and_nothing_past_it() {
        let mut rng = SplitMix64::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1_200).contains(&n)), "{seen:?}");
    }
}
