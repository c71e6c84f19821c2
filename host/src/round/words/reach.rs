//! What a whitelist (`allowed_words`) can still reach, decided exactly for one tokenizer and
//! one round's token bans. The allowed words form a trie (every start of a word is one node,
//! no string copied); a token leads from the open word's node to another node (a token with
//! no space extends the open word; a token with spaces must finish it into a whole word,
//! hold only allowed words inside and leave an open word that is a start of one); and for
//! every node a bit set says after exactly how many more tokens a move can end on a whole
//! word. Sampling masks read it, so a move never walks into a dead end, and the dealer
//! refuses a round whose rule admits no move of its length.
//!
//! Cost: building is linear in (trie nodes x the longest token in characters) for the
//! transitions and (transitions x move length) for the bit sets; a mask then touches only the
//! open word's transitions (`frost-host bench --word-rules` prints both for the worst list
//! the limits accept).

use std::collections::{HashMap, HashSet};

use super::cut::Cut;

/// Trie node 0 is the empty word (the start of a piece).
const ROOT: u32 = 0;

#[derive(Debug, Default)]
struct Node {
    /// Sorted by character.
    children: Vec<(char, u32)>,
    /// A whole allowed word ends here.
    word: bool,
}

/// See the module docs.
#[derive(Debug)]
pub(super) struct Reach {
    nodes: Vec<Node>,
    /// Node u's transitions are `edges[offsets[u]..offsets[u + 1]]`: (token, next node).
    offsets: Vec<u32>,
    edges: Vec<(u32, u32)>,
    /// Bit k of node u (k = 0..=max_len): a move whose open word is u can end on a whole word
    /// after exactly k more tokens. `words_per_node` u64s per node.
    ends: Vec<u64>,
    words_per_node: usize,
    max_len: usize,
}

impl Reach {
    /// Over `allowed` (whole words, exact), the pieces cut of the vocabulary, the tokens that
    /// may never stand (`banned`: the round's static bans; `inner_bad`: split tokens with a
    /// word inside that is not allowed), for moves of up to `max_len` tokens.
    pub(super) fn new(
        allowed: &HashSet<String>,
        cut: &Cut,
        banned: &[bool],
        inner_bad: &HashSet<u32>,
        max_len: usize,
    ) -> Reach {
        let mut nodes = vec![Node::default()];
        for w in allowed {
            let mut u = ROOT;
            for c in w.chars() {
                u = match child(&nodes, u, c) {
                    Some(v) => v,
                    None => {
                        let v = nodes.len() as u32;
                        nodes.push(Node::default());
                        let ch = &mut nodes[u as usize].children;
                        let at = ch.partition_point(|&(d, _)| d < c);
                        ch.insert(at, (c, v));
                        v
                    }
                };
            }
            nodes[u as usize].word = true;
        }
        let usable = |id: u32| !banned.get(id as usize).copied().unwrap_or(false);
        // Tokens with no space, by their text.
        let whole: HashMap<&str, Vec<u32>> = (cut.nosplit_by_head.iter())
            .map(|(h, ids)| {
                (
                    h.as_str(),
                    ids.iter().copied().filter(|&i| usable(i)).collect(),
                )
            })
            .collect();
        // Tokens with spaces whose inside is allowed and whose tail starts a word, by their
        // head, with the tail's node.
        let mut split: HashMap<&str, Vec<(u32, u32)>> = HashMap::new();
        for (tail, ids) in &cut.split_by_tail {
            let Some(t) = find(&nodes, ROOT, tail) else {
                continue;
            };
            for &id in ids
                .iter()
                .filter(|&&i| usable(i) && !inner_bad.contains(&i))
            {
                let head = cut.tokens[id as usize].head.as_str();
                split.entry(head).or_default().push((id, t));
            }
        }
        let longest = (whole.keys().chain(split.keys()))
            .map(|h| h.chars().count())
            .max()
            .unwrap_or(0);
        let (offsets, edges) = transitions(&nodes, &whole, &split, longest);
        let words_per_node = max_len / 64 + 1;
        let mut r = Reach {
            ends: vec![0; nodes.len() * words_per_node],
            nodes,
            offsets,
            edges,
            words_per_node,
            max_len,
        };
        r.fill_ends();
        r
    }

    /// Bit k of every node, k = 0..=max_len, one move length at a time.
    fn fill_ends(&mut self) {
        for u in 0..self.nodes.len() {
            if self.nodes[u].word {
                self.set(u, 0);
            }
        }
        for k in 1..=self.max_len {
            for u in 0..self.nodes.len() {
                let (a, b) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
                if self.edges[a..b]
                    .iter()
                    .any(|&(_, v)| self.get(v as usize, k - 1))
                {
                    self.set(u, k);
                }
            }
        }
    }

    fn get(&self, u: usize, k: usize) -> bool {
        self.ends[u * self.words_per_node + k / 64] >> (k % 64) & 1 == 1
    }

    fn set(&mut self, u: usize, k: usize) {
        self.ends[u * self.words_per_node + k / 64] |= 1 << (k % 64);
    }

    /// The node of an open word, if it starts an allowed word.
    fn node(&self, open: &str) -> Option<u32> {
        find(&self.nodes, ROOT, open)
    }

    /// [V_tok] true = banned: the tokens after the open word `before` from which a move can
    /// still end on a whole word after exactly `remaining` more tokens.
    pub(super) fn mask(&self, before: &str, remaining: usize, v_tok: usize) -> Vec<bool> {
        let mut m = vec![true; v_tok];
        let Some(u) = self.node(before).filter(|_| remaining <= self.max_len) else {
            return m;
        };
        let (a, b) = (self.offsets[u as usize], self.offsets[u as usize + 1]);
        for &(t, v) in &self.edges[a as usize..b as usize] {
            if self.get(v as usize, remaining) {
                m[t as usize] = false;
            }
        }
        m
    }

    /// The move lengths (1..=max_len tokens) the rule admits from an empty move.
    pub(super) fn lengths(&self) -> Vec<usize> {
        (1..=self.max_len).filter(|&k| self.get(0, k)).collect()
    }

    /// (trie nodes, transitions): what building cost.
    pub(super) fn size(&self) -> (usize, usize) {
        (self.nodes.len(), self.edges.len())
    }
}

fn child(nodes: &[Node], u: u32, c: char) -> Option<u32> {
    let ch = &nodes[u as usize].children;
    let i = ch.binary_search_by(|&(d, _)| d.cmp(&c)).ok()?;
    Some(ch[i].1)
}

fn find(nodes: &[Node], from: u32, s: &str) -> Option<u32> {
    s.chars().try_fold(from, |u, c| child(nodes, u, c))
}

/// Every node's transitions in one flat list: from node u, walk the trie below u (at most
/// `longest` characters deep, the longest token head) and at each node reached by the path p,
/// a token whose whole text is p goes there, and where p finishes a word, a split token whose
/// head is p goes to its tail's node.
fn transitions(
    nodes: &[Node],
    whole: &HashMap<&str, Vec<u32>>,
    split: &HashMap<&str, Vec<(u32, u32)>>,
    longest: usize,
) -> (Vec<u32>, Vec<(u32, u32)>) {
    let mut offsets = Vec::with_capacity(nodes.len() + 1);
    let mut edges = Vec::new();
    let mut path = String::new();
    for u in 0..nodes.len() as u32 {
        offsets.push(edges.len() as u32);
        // Depth-first below u: (node, depth, the path's length in bytes before its char).
        let mut stack: Vec<(u32, usize, usize, Option<char>)> = vec![(u, 0, 0, None)];
        path.clear();
        while let Some((v, depth, before, c)) = stack.pop() {
            path.truncate(before);
            if let Some(c) = c {
                path.push(c);
            }
            for &t in whole.get(path.as_str()).into_iter().flatten() {
                edges.push((t, v));
            }
            if nodes[v as usize].word {
                edges.extend(split.get(path.as_str()).into_iter().flatten());
            }
            if depth < longest {
                for &(c, w) in &nodes[v as usize].children {
                    stack.push((w, depth + 1, path.len(), Some(c)));
                }
            }
        }
    }
    offsets.push(edges.len() as u32);
    (offsets, edges)
}
