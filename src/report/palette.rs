//! The armies' colours and the terminal board's squares: the one place for the palette of
//! the text board (`report::board`) and of the HTML viewer (`report::game::html`).
//!
//! SuperScacchi's eight armies (R1) must be told apart at a glance and in grey print
//! (issue 28 point 8): no two armies share a hue; within one team (the besiegers S O N E,
//! the besieged SO NO NE SE) every two armies differ clearly in lightness, so that SO and
//! NO, or S and E, stay apart on a black-and-white printout; black text (the viewer's
//! letters) reads on every colour (WCAG 4.5:1), and every colour reads on the terminal's
//! dark squares. Each team is one family: the besiegers warm, the besieged cool. The tests
//! below compute all of this from the numbers here.

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// Each army's colour, in [`crate::geometry::Army::ALL`] order (S SO O NO N NE E SE).
/// By lightness, darkest first: the besiegers S red, E pink, O orange, N yellow; the
/// besieged SO blue, NE lavender, SE green, NO pale cyan.
pub const ARMY_RGB: [Rgb; 8] = [
    (255, 95, 85),   // S: red
    (100, 150, 255), // SO: blue
    (255, 185, 40),  // O: orange
    (170, 250, 255), // NO: pale cyan
    (240, 250, 110), // N: yellow
    (200, 160, 255), // NE: lavender
    (255, 135, 230), // E: pink
    (110, 232, 130), // SE: green
];

/// The same colours in the 256-colour palette, chosen for the same order of lightness
/// within each team (the nearest cube colour would bring E and O, NE and SE together).
pub const ARMY_256: [u8; 8] = [209, 75, 221, 195, 229, 183, 219, 84];

/// A terminal square: its RGB and its 256-colour code.
pub type Shade = (Rgb, u8);

/// The terminal's squares: dark, so that every army's light colour reads on them; the
/// last move on dark blue, which no army's colour is close to; the refuges (R3) red and
/// green.
pub const SQUARE_DARK: Shade = ((18, 18, 18), 233);
/// The lighter ordinary square.
pub const SQUARE_LIGHT: Shade = ((38, 38, 38), 235);
/// A red refuge.
pub const SQUARE_RED: Shade = ((105, 20, 20), 52);
/// A green refuge.
pub const SQUARE_GREEN: Shade = ((15, 75, 30), 22);
/// The last move's two squares.
pub const SQUARE_LAST: Shade = ((20, 28, 100), 17);

/// The refuges' own colours, for the mark of an empty refuge and the legend's swatch.
pub const REFUGE_RED: Shade = ((235, 60, 50), 196);
/// The green refuge's mark.
pub const REFUGE_GREEN: Shade = ((40, 200, 90), 41);

#[cfg(test)]
mod tests {
    use super::{
        ARMY_256, ARMY_RGB, Rgb, SQUARE_DARK, SQUARE_GREEN, SQUARE_LAST, SQUARE_LIGHT, SQUARE_RED,
    };

    /// WCAG's relative luminance (0 black to 1 white): the grey a colour prints as.
    fn luminance((r, g, b): Rgb) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG's contrast ratio (1 to 21).
    fn contrast(a: Rgb, b: Rgb) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// The hue in degrees (0 to 360), as HSV and HSL define it.
    fn hue((r, g, b): Rgb) -> f64 {
        let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let d = max - min;
        let h = if d == 0.0 {
            0.0
        } else if max == r {
            ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            (b - r) / d + 2.0
        } else {
            (r - g) / d + 4.0
        };
        h * 60.0
    }

    /// A colour of the 256-colour palette (the cube and the greys).
    fn xterm(code: u8) -> Rgb {
        const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];
        if code >= 232 {
            let v = 8 + 10 * (code - 232);
            return (v, v, v);
        }
        let c = usize::from(code - 16);
        (CUBE[c / 36], CUBE[(c / 6) % 6], CUBE[c % 6])
    }

    /// The 256-colour palette's colours of the armies.
    fn ansi256() -> [Rgb; 8] {
        ARMY_256.map(xterm)
    }

    /// Black text (the viewer's letters) on every army's colour: WCAG 4.5:1 at least.
    #[test]
    fn black_letters_read_on_every_army() {
        for (army, &rgb) in ARMY_RGB.iter().enumerate() {
            let c = contrast(rgb, (0, 0, 0));
            assert!(c >= 4.5, "army {army} {rgb:?}: {c:.2}");
        }
    }

    /// No two armies share a hue: every two hues at least 20° apart on the colour wheel.
    #[test]
    fn no_two_armies_share_a_hue() {
        for (a, &x) in ARMY_RGB.iter().enumerate() {
            for (b, &y) in ARMY_RGB.iter().enumerate().skip(a + 1) {
                let d = (hue(x) - hue(y)).abs();
                let d = d.min(360.0 - d);
                assert!(d >= 20.0, "armies {a} and {b}: hues {d:.0}° apart");
            }
        }
    }

    /// In grey print the armies of one team stay apart (SO and NO above all): every two
    /// differ by 0.11 of luminance at least, in 24-bit and in 256 colours. The least
    /// differences today: 0.118 (E–O) and 0.129 (SO–NE).
    #[test]
    fn one_teams_armies_differ_in_grey() {
        for colours in [ARMY_RGB, ansi256()] {
            for team in 0..2 {
                let armies: Vec<usize> = (team..8).step_by(2).collect();
                for (i, &a) in armies.iter().enumerate() {
                    for &b in &armies[i + 1..] {
                        let d = (luminance(colours[a]) - luminance(colours[b])).abs();
                        assert!(d >= 0.11, "armies {a} and {b}: grey differs by {d:.3}");
                    }
                }
            }
        }
        // SO (1) and NO (3), the pair issue 28 names: far apart.
        let d = luminance(ARMY_RGB[3]) - luminance(ARMY_RGB[1]);
        assert!(d >= 0.5, "SO and NO: {d:.3}");
    }

    /// Every army reads on every square it can stand on, the last move's included (issue
    /// 17: N and E were lost on the dark squares, a king on the last move vanished):
    /// WCAG's 4.5 on the ordinary squares and the last move, 3 on the refuges (where only
    /// kings stand), in 24-bit and in 256 colours.
    #[test]
    fn every_army_reads_on_every_square() {
        let squares = [
            (SQUARE_DARK, 4.5),
            (SQUARE_LIGHT, 4.5),
            (SQUARE_LAST, 4.5),
            (SQUARE_RED, 3.0),
            (SQUARE_GREEN, 3.0),
        ];
        let palette = ansi256();
        for army in 0..8 {
            for ((rgb, code), least) in squares {
                let true_colour = contrast(ARMY_RGB[army], rgb);
                let in_256 = contrast(palette[army], xterm(code));
                assert!(
                    true_colour >= least && in_256 >= least,
                    "army {army} on {rgb:?}: {true_colour:.1} / {in_256:.1}"
                );
            }
        }
    }

    /// Each team is one family: the besiegers (S O N E) warm, more red than blue; the
    /// besieged (SO NO NE SE) cool, more blue than red.
    #[test]
    fn a_team_is_one_colour_family() {
        for (i, &(r, _, b)) in ARMY_RGB.iter().enumerate() {
            let besieger = i % 2 == 0;
            assert_eq!(r > b, besieger, "army {i}: {:?}", ARMY_RGB[i]);
        }
    }
}
