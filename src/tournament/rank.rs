//! T7–T10: the order inside one group, from its results.

use super::file::PlayerId;

/// How a player's place was decided (formats.md §7 `decided_by`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    /// By points alone (T7).
    Points,
    /// Two tied, their game won (T8).
    HeadToHead,
    /// By a lot, recorded or drawn by the program (T8, T9, T11, T12).
    Lot,
    /// A tie at no border: the place is shared (T10).
    Shared,
    /// Not decided yet: an incomplete group, or a lot still needed (T10, T11).
    Pending,
}

impl DecidedBy {
    /// The JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::Points => "points",
            DecidedBy::HeadToHead => "head-to-head",
            DecidedBy::Lot => "lot",
            DecidedBy::Shared => "shared",
            DecidedBy::Pending => "pending",
        }
    }
}

/// One line of a group's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The player.
    pub player: PlayerId,
    /// Points, in halves (T6).
    pub half_points: u32,
    /// The place (the first of a shared range).
    pub place: u32,
    /// The last place of a shared range.
    pub place_to: Option<u32>,
    /// Goes on to the next phase; `None` while undecided.
    pub goes_on: Option<bool>,
    /// How the place was decided.
    pub decided_by: DecidedBy,
}

impl Entry {
    /// True when the place is the player's alone and final.
    pub fn is_decided(&self) -> bool {
        self.place_to.is_none() && self.decided_by != DecidedBy::Pending
    }
}

/// Where a lot's order came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotSource {
    /// `[[sorteggio]]` number i of the file (T11).
    Recorded(usize),
    /// Drawn by the program with `--sorteggio` (T12).
    Program,
}

/// A lot: needed, or applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lot {
    /// The tied players: in name order while needed (T12 step 1), in the lot's order once
    /// applied.
    pub players: Vec<PlayerId>,
    /// The places at stake, best first.
    pub places: Vec<u32>,
    /// Where the order came from (`None`: still needed).
    pub source: Option<LotSource>,
}

/// A group's order, as T7–T10 give it.
#[derive(Debug, Clone, Default)]
pub struct Ranking {
    /// Best place first; tied players sharing a place in name order.
    pub entries: Vec<Entry>,
    /// Lots still needed (T11).
    pub needed: Vec<Lot>,
    /// Lots applied.
    pub applied: Vec<Lot>,
    /// Size of the largest tie decided or to be decided by lot (T9's [reading] for four).
    pub largest_lot: usize,
}

/// A lot's order for tied players (in name order) and the best place at stake, when one
/// is recorded or drawn.
pub type LotFn<'a> = dyn Fn(&[PlayerId], u32) -> Option<(Vec<PlayerId>, LotSource)> + 'a;

/// What ranking one group needs.
pub struct Group<'a> {
    /// The group's players.
    pub players: &'a [PlayerId],
    /// Every registered name (for name order, T12 step 1).
    pub names: &'a [String],
    /// T4's borders: places b where the tie p…q matters when p ≤ b < q.
    pub borders: &'a [u32],
    /// How many go on (`None` in the final: nobody goes on).
    pub going_on: Option<u32>,
    /// Every pair has a result (T10).
    pub complete: bool,
    /// Half-points of the first player against the second, `None` when not played.
    pub score: &'a dyn Fn(PlayerId, PlayerId) -> Option<u32>,
    /// A lot's order for these tied players (name order) and this best place at stake,
    /// when one is recorded or drawn.
    pub lot: &'a LotFn<'a>,
}

impl Group<'_> {
    fn name_order(&self, players: &mut [PlayerId]) {
        players.sort_by(|&a, &b| self.names[a].as_bytes().cmp(self.names[b].as_bytes()));
    }

    fn points(&self, p: PlayerId) -> u32 {
        self.players
            .iter()
            .filter(|&&o| o != p)
            .filter_map(|&o| (self.score)(p, o))
            .sum()
    }
}

/// T7–T10: orders a group.
pub fn rank(g: &Group<'_>) -> Ranking {
    let mut order: Vec<(PlayerId, u32)> = g.players.iter().map(|&p| (p, g.points(p))).collect();
    order.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| g.names[a.0].as_bytes().cmp(g.names[b.0].as_bytes()))
    });
    let mut r = Ranking::default();
    let mut i = 0;
    while i < order.len() {
        let pts = order[i].1;
        let mut block: Vec<PlayerId> = order[i..]
            .iter()
            .take_while(|e| e.1 == pts)
            .map(|e| e.0)
            .collect();
        let p = i as u32 + 1;
        let q = p + block.len() as u32 - 1;
        i += block.len();
        g.name_order(&mut block);
        place_block(g, &mut r, &block, pts, p, q);
    }
    r
}

/// Places one block of players with equal points at places p…q.
fn place_block(g: &Group<'_>, r: &mut Ranking, block: &[PlayerId], pts: u32, p: u32, q: u32) {
    let entry = |player, place: u32, place_to, decided_by| Entry {
        player,
        half_points: pts,
        place,
        place_to,
        goes_on: match (g.complete, g.going_on, decided_by) {
            (false, _, _) => None,
            // In the final nobody goes on, once the group is complete (T10).
            (true, None, _) => Some(false),
            (true, Some(_), DecidedBy::Pending) => None,
            (true, Some(n), _) => Some(place <= n),
        },
        decided_by,
    };
    if !g.complete {
        let to = (q > p).then_some(q);
        for &pl in block {
            r.entries.push(entry(pl, p, to, DecidedBy::Pending));
        }
        return;
    }
    if block.len() == 1 {
        r.entries.push(entry(block[0], p, None, DecidedBy::Points));
        return;
    }
    let at_border = g.borders.iter().any(|&b| p <= b && b < q);
    if block.len() == 2 {
        let (a, b) = (block[0], block[1]);
        match (g.score)(a, b) {
            Some(2) => {
                r.entries.push(entry(a, p, None, DecidedBy::HeadToHead));
                r.entries.push(entry(b, q, None, DecidedBy::HeadToHead));
                return;
            }
            Some(0) => {
                r.entries.push(entry(b, p, None, DecidedBy::HeadToHead));
                r.entries.push(entry(a, q, None, DecidedBy::HeadToHead));
                return;
            }
            _ => {}
        }
    }
    if !at_border {
        for &pl in block {
            r.entries.push(entry(pl, p, Some(q), DecidedBy::Shared));
        }
        return;
    }
    r.largest_lot = r.largest_lot.max(block.len());
    let places: Vec<u32> = (p..=q).collect();
    match (g.lot)(block, p) {
        Some((order, source)) => {
            for (k, &pl) in order.iter().enumerate() {
                r.entries
                    .push(entry(pl, p + k as u32, None, DecidedBy::Lot));
            }
            r.applied.push(Lot {
                players: order,
                places,
                source: Some(source),
            });
        }
        None => {
            for &pl in block {
                r.entries.push(entry(pl, p, Some(q), DecidedBy::Pending));
            }
            r.needed.push(Lot {
                players: block.to_vec(),
                places,
                source: None,
            });
        }
    }
}
