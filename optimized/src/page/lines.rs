//! The principal variation's working memory.

/// The principal variation's working rows, one per depth (the classic triangular table): a
/// node whose child's value is exact puts the move and the child's line into its own row,
/// so row 0 ends as the root's line. One flat buffer of `width` rows of `width` moves,
/// grown on demand (doubling) and kept between searches.
#[derive(Debug, Clone)]
pub(crate) struct Lines<M> {
    /// Row `d` is `moves[d * width..][..lens[d]]`, every slot of it `Some`.
    moves: Vec<Option<M>>,
    lens: Vec<usize>,
    width: usize,
}

impl<M> Default for Lines<M> {
    fn default() -> Self {
        Self {
            moves: Vec::new(),
            lens: Vec::new(),
            width: 0,
        }
    }
}

impl<M: Copy> Lines<M> {
    /// Makes sure rows `0..=depth` exist.
    #[inline]
    pub(crate) fn reserve(&mut self, depth: usize) {
        if depth >= self.width {
            self.grow(depth);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, depth: usize) {
        let width = (depth + 1).next_power_of_two().max(16);
        let mut moves = vec![None; width * width];
        for (d, &len) in self.lens.iter().enumerate() {
            moves[d * width..][..len].copy_from_slice(&self.moves[d * self.width..][..len]);
        }
        self.lens.resize(width, 0);
        (self.moves, self.width) = (moves, width);
    }

    /// The line of the node at `depth` is `mv`, then the line of its child when `from_child`
    /// (a finished game writes no row: it has no line).
    #[inline]
    pub(crate) fn set(&mut self, depth: u32, mv: M, from_child: bool) {
        let d = depth as usize;
        self.reserve(d + 1);
        let w = self.width;
        let n = if from_child { self.lens[d + 1] } else { 0 };
        let (head, tail) = self.moves.split_at_mut((d + 1) * w);
        let row = &mut head[d * w..];
        row[0] = Some(mv);
        for (to, from) in row[1..=n].iter_mut().zip(&tail[..n]) {
            *to = *from;
        }
        self.lens[d] = n + 1;
    }

    /// The line of the node at `depth` is empty.
    pub(crate) fn clear(&mut self, depth: u32) {
        if let Some(len) = self.lens.get_mut(depth as usize) {
            *len = 0;
        }
    }

    /// How many rows exist (each as long as there are rows).
    #[cfg(test)]
    pub(crate) const fn rows(&self) -> usize {
        self.width
    }

    /// The moves of row `depth`.
    pub(crate) fn line(&self, depth: u32) -> impl Iterator<Item = M> + '_ {
        let d = depth as usize;
        let len = self.lens.get(d).copied().unwrap_or(0);
        self.moves[d * self.width..][..len]
            .iter()
            .map(|m| m.expect("a line's slots are set"))
    }
}
