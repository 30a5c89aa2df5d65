//! SuperScacchi's 16×16 board (R1–R5), armies and teams (R6–R8), pieces (R9): the words
//! both the sheet parser ([`crate::notation::superscacchi`]) and the engine
//! ([`crate::superscacchi`]) speak. A leaf: it imports nothing of arbitro.
//!
//! Squares are numbered `file + 16 * rank` (0-based); every geometric fact the rules need
//! (ring, red and green squares, neighbours, knight jumps) is a precomputed table.

use std::fmt;

/// A square of the 16×16 board (R1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sq(pub u8);

/// What kind of square it is (R4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareKind {
    /// Any other square.
    Ordinary,
    /// `h8 i8 h9 i9`: the besieged kings' prison and the besiegers' goal.
    Red,
    /// The corners `a1 p1 a16 p16`.
    Green,
}

/// The four red squares in the order R26 fills them: h8, h9, i8, i9.
pub const RED: [Sq; 4] = [
    Sq(7 + 16 * 7),
    Sq(7 + 16 * 8),
    Sq(8 + 16 * 7),
    Sq(8 + 16 * 8),
];
/// The four green corners.
pub const GREEN: [Sq; 4] = [Sq(0), Sq(15), Sq(16 * 15), Sq(255)];

/// No square: the end of a ray, off the board (not a `u8`: all 256 of those are squares).
pub const NONE: u16 = 256;

const fn build_ring() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let (f, r) = ((i % 16) as u8 + 1, (i / 16) as u8 + 1);
        let mut m = f;
        if r < m {
            m = r;
        }
        if 17 - f < m {
            m = 17 - f;
        }
        if 17 - r < m {
            m = 17 - r;
        }
        t[i] = m;
        i += 1;
    }
    t
}

const fn build_ordinary() -> [bool; 256] {
    let mut t = [true; 256];
    let special = [
        7 + 16 * 7,
        7 + 16 * 8,
        8 + 16 * 7,
        8 + 16 * 8,
        0,
        15,
        16 * 15,
        255,
    ];
    let mut i = 0;
    while i < special.len() {
        t[special[i]] = false;
        i += 1;
    }
    t
}

const fn build_steps(steps: [(i8, i8); 8]) -> [[u16; 8]; 256] {
    let mut t = [[NONE; 8]; 256];
    let mut i = 0;
    while i < 256 {
        let (f, r) = ((i % 16) as i32, (i / 16) as i32);
        let mut d = 0;
        while d < 8 {
            let (nf, nr) = (f + steps[d].0 as i32, r + steps[d].1 as i32);
            if nf >= 0 && nf < 16 && nr >= 0 && nr < 16 {
                t[i][d] = (nf + 16 * nr) as u16;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

/// R3, precomputed.
pub static RING: [u8; 256] = build_ring();
/// Neither red nor green (R4), precomputed.
pub static ORDINARY: [bool; 256] = build_ordinary();
/// The neighbour in each of the eight [`KING_STEPS`] directions, or [`NONE`].
pub static NEIGHBOUR: [[u16; 8]; 256] = build_steps(KING_STEPS);
/// The knight's jumps from each square, or [`NONE`].
pub static KNIGHT: [[u16; 8]; 256] = build_steps(KNIGHT_JUMPS);

impl Sq {
    /// The square at 0-based `file`, `rank`.
    pub const fn new(file: u8, rank: u8) -> Sq {
        Sq(file + 16 * rank)
    }

    /// 0-based file (a = 0).
    pub const fn file(self) -> u8 {
        self.0 % 16
    }

    /// 0-based rank (1 = 0).
    pub const fn rank(self) -> u8 {
        self.0 / 16
    }

    /// The neighbour in direction `d` (an index of [`KING_STEPS`]), if on the board.
    pub fn step(self, d: usize) -> Option<Sq> {
        let n = NEIGHBOUR[self.0 as usize][d];
        (n != NONE).then_some(Sq(n as u8))
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Sq> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..16).contains(&f) && (0..16).contains(&r)).then(|| Sq::new(f as u8, r as u8))
    }

    /// R3: 1 at the edge, 8 in the centre.
    pub fn ring(self) -> u8 {
        RING[self.0 as usize]
    }

    /// R4.
    pub fn kind(self) -> SquareKind {
        if RED.contains(&self) {
            SquareKind::Red
        } else if GREEN.contains(&self) {
            SquareKind::Green
        } else {
            SquareKind::Ordinary
        }
    }

    /// Neither red nor green.
    pub fn is_ordinary(self) -> bool {
        ORDINARY[self.0 as usize]
    }

    /// R2: dark when file+rank (1-based) is even.
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Reads `f2`, `k14`, `K-14` (R1).
    ///
    /// ```
    /// use arbitro::geometry::Sq;
    /// assert_eq!(Sq::parse("K-14").unwrap().to_string(), "k14");
    /// assert!(Sq::parse("q1").is_none());
    /// ```
    pub fn parse(s: &str) -> Option<Sq> {
        let (sq, rest) = Sq::parse_prefix(s)?;
        rest.is_empty().then_some(sq)
    }

    /// Reads a square at the start of `s`; returns it and the rest.
    pub fn parse_prefix(s: &str) -> Option<(Sq, &str)> {
        let b = s.as_bytes();
        let f = b.first()?.to_ascii_lowercase();
        if !(b'a'..=b'p').contains(&f) {
            return None;
        }
        let mut i = 1;
        if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        // A rank has no leading zero (`f01` is no square).
        let d1 = *b.get(i).filter(|c| matches!(c, b'1'..=b'9'))?;
        let mut rank = (d1 - b'0') as u32;
        i += 1;
        if let Some(&d2) = b.get(i).filter(|c| c.is_ascii_digit()) {
            let two = rank * 10 + (d2 - b'0') as u32;
            if two <= 16 {
                rank = two;
                i += 1;
            }
        }
        if !(1..=16).contains(&rank) {
            return None;
        }
        Some((Sq::new(f - b'a', rank as u8 - 1), &s[i..]))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The eight neighbours' offsets (R5's "adjacent").
pub const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// Orthogonal steps (pawn moves, R15).
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// Diagonal steps (pawn captures, R17).
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight jumps.
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The two camps of a game (R6): each team is in one, the besiegers or the besieged, and
/// the teams swap camps in the second game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Camp {
    /// Assedianti: S O N E.
    Besiegers,
    /// Assediati: SO NO NE SE.
    Besieged,
}

impl Camp {
    /// 0 for the besiegers, 1 for the besieged: the order of a game's teams.
    pub fn index(self) -> usize {
        match self {
            Camp::Besiegers => 0,
            Camp::Besieged => 1,
        }
    }

    /// The other camp.
    pub fn other(self) -> Camp {
        match self {
            Camp::Besiegers => Camp::Besieged,
            Camp::Besieged => Camp::Besiegers,
        }
    }

    /// `assedianti` / `assediati`.
    pub fn name(self) -> &'static str {
        match self {
            Camp::Besiegers => "assedianti",
            Camp::Besieged => "assediati",
        }
    }
}

/// One of the eight armies (R7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Army {
    S,
    SO,
    O,
    NO,
    N,
    NE,
    E,
    SE,
}

impl Army {
    /// All armies, in the default turn order (R8).
    pub const ALL: [Army; 8] = [
        Army::S,
        Army::SO,
        Army::O,
        Army::NO,
        Army::N,
        Army::NE,
        Army::E,
        Army::SE,
    ];

    /// 0..8.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The sheet code: `S`, `SO`, …
    pub fn code(self) -> &'static str {
        match self {
            Army::S => "S",
            Army::SO => "SO",
            Army::O => "O",
            Army::NO => "NO",
            Army::N => "N",
            Army::NE => "NE",
            Army::E => "E",
            Army::SE => "SE",
        }
    }

    /// Reads an army code.
    pub fn parse(s: &str) -> Option<Army> {
        let s = s.trim();
        Army::ALL
            .into_iter()
            .find(|a| a.code().eq_ignore_ascii_case(s))
            .or_else(|| Army::from_italian(s))
    }

    /// The Italian name of the compass point (`Sud`, `Sud-Ovest`, `Nord Est`, any case).
    fn from_italian(s: &str) -> Option<Army> {
        let key: String = s
            .chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "sud" => Army::S,
            "sudovest" => Army::SO,
            "ovest" => Army::O,
            "nordovest" => Army::NO,
            "nord" => Army::N,
            "nordest" => Army::NE,
            "est" => Army::E,
            "sudest" => Army::SE,
            _ => return None,
        })
    }

    /// R7: S O N E besiege, SO NO NE SE are besieged.
    pub fn camp(self) -> Camp {
        match self {
            Army::S | Army::O | Army::N | Army::E => Camp::Besiegers,
            _ => Camp::Besieged,
        }
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A kind of piece (R9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// `P` pedone.
    Pawn,
    /// `C` cavallo.
    Knight,
    /// `A` alfiere.
    Bishop,
    /// `T` torre.
    Rook,
    /// `R` regina.
    Queen,
    /// `Re` re.
    King,
}

impl Role {
    /// The sheet letter(s).
    pub fn letter(self) -> &'static str {
        match self {
            Role::Pawn => "P",
            Role::Knight => "C",
            Role::Bishop => "A",
            Role::Rook => "T",
            Role::Queen => "R",
            Role::King => "Re",
        }
    }

    /// The Italian name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pedone",
            Role::Knight => "cavallo",
            Role::Bishop => "alfiere",
            Role::Rook => "torre",
            Role::Queen => "regina",
            Role::King => "re",
        }
    }

    /// A one-letter role (not the king).
    pub fn from_letter(c: u8) -> Option<Role> {
        match c.to_ascii_uppercase() {
            b'P' => Some(Role::Pawn),
            b'C' => Some(Role::Knight),
            b'A' => Some(Role::Bishop),
            b'T' => Some(Role::Rook),
            b'R' => Some(Role::Queen),
            _ => None,
        }
    }
}

/// A piece: an army's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose.
    pub army: Army,
    /// What.
    pub role: Role,
}

/// R14: how far a pawn of this side has come at `sq`.
pub fn progress(camp: Camp, sq: Sq) -> u8 {
    match camp {
        Camp::Besiegers => sq.ring(),
        Camp::Besieged => 9 - sq.ring(),
    }
}

/// R19 \[reading\]: where a pawn of this side promotes. Besiegers: ring 7 (touching the red
/// block); besieged: the twelve squares touching a green corner.
pub fn promotes(camp: Camp, sq: Sq) -> bool {
    match camp {
        Camp::Besiegers => sq.ring() == 7,
        Camp::Besieged => {
            sq.is_ordinary()
                && GREEN
                    .iter()
                    .any(|g| g.file().abs_diff(sq.file()) <= 1 && g.rank().abs_diff(sq.rank()) <= 1)
        }
    }
}
