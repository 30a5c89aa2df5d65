//! The board as SVG, and a self-contained HTML viewer of a whole game: no network, no
//! external files; inline SVG, CSS and a little JavaScript. The viewer steps through the
//! moves (buttons, arrow keys), marks each finding where it happens, and shows the events
//! and the scores. A game with an error stops at the first illegal move and shows it.

use super::board::{ARMY_RGB, classical_piece, ss_piece};
use crate::superscacchi::geometry::{Sq, SquareKind};
use crate::verify::GameReport;
use crate::view::View;
use serde_json::json;
use std::fmt::Write;

const CELL: usize = 32;

/// Text as HTML text or as a quoted attribute value (either quote).
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// JSON as the text of a `<script>` element: `<`, `>` and `&` are written as `\u003c`,
/// `\u003e` and `\u0026`, so no text in the data can end the script (`</script>`) or
/// start a comment that swallows the rest of it (`<!--<script>`); U+2028 and U+2029 as
/// `\u2028`, `\u2029`. Outside strings JSON has none of these characters, so the data
/// read by the script is unchanged.
fn script_json(data: &serde_json::Value) -> String {
    let text = serde_json::to_string(data).expect("plain data");
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// One position as a standalone SVG (after `n` plies).
pub fn svg(view: &View, n: usize) -> String {
    let size = view.size as usize;
    let board = view.board_at(n);
    let last = n.checked_sub(1).and_then(|i| view.plies.get(i));
    let w = size * CELL + 20;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {w}\" width=\"{w}\" height=\"{w}\" font-family=\"sans-serif\">\n"
    );
    for rank in 0..size {
        for file in 0..size {
            let i = rank * size + file;
            let (x, y) = (20 + file * CELL, (size - 1 - rank) * CELL);
            let mut fill = if (rank + file) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            if size == 16 {
                match Sq(i as u8).kind() {
                    SquareKind::Red => fill = "#c0392b",
                    SquareKind::Green => fill = "#27ae60",
                    SquareKind::Ordinary => {}
                }
            }
            if last.is_some_and(|p| p.to as usize == i || p.from as usize == i) {
                fill = "#f4d03f";
            }
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            );
            let code = board[i];
            let piece = if size == 16 {
                ss_piece(code).map(|(a, l)| {
                    let (r, g, b) = ARMY_RGB[a.index()];
                    (
                        format!("rgb({r},{g},{b})"),
                        l.to_string(),
                        a.code().to_string(),
                    )
                })
            } else {
                classical_piece(code).map(|(white, l)| {
                    (
                        if white {
                            "#ffffff".to_string()
                        } else {
                            "#222222".to_string()
                        },
                        l.to_string(),
                        String::new(),
                    )
                })
            };
            if let Some((color, letter, army)) = piece {
                let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                let text = if size == 8 && color == "#222222" {
                    "#ffffff"
                } else {
                    "#000000"
                };
                let _ = writeln!(
                    s,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"13\" fill=\"{color}\" stroke=\"#000\" stroke-width=\"1\"><title>{letter} {army}</title></circle><text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\" fill=\"{text}\">{letter}</text>",
                    cy + 5
                );
            }
        }
    }
    for f in 0..size {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
            20 + f * CELL + CELL / 2,
            size * CELL + 14,
            (b'a' + f as u8) as char
        );
    }
    for r in 0..size {
        let _ = writeln!(
            s,
            "<text x=\"10\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
            (size - 1 - r) * CELL + CELL / 2 + 4,
            r + 1
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The whole game as one self-contained HTML page.
pub fn page(report: &GameReport, view: &View, title: &str) -> String {
    let plies: Vec<_> = view
        .plies
        .iter()
        .map(|p| {
            json!({
                "l": p.label, "f": p.from, "t": p.to, "p": p.played,
                "c": p.changes.iter().map(|&(s, o, n)| [s as u32, o as u32, n as u32]).collect::<Vec<_>>(),
            })
        })
        .collect();
    let findings: Vec<_> = report
        .findings
        .iter()
        .map(|f| json!({"s": f.severity().as_str(), "c": f.code.as_str(), "r": f.rule, "y": f.ply, "m": f.message}))
        .collect();
    let data = json!({
        "size": view.size,
        "initial": view.initial,
        "plies": plies,
        "findings": findings,
        "colors": ARMY_RGB.iter().map(|(r, g, b)| format!("rgb({r},{g},{b})")).collect::<Vec<_>>(),
    });
    let mut events = String::new();
    for e in &report.events {
        let _ = write!(
            events,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>+{}</td><td>{}</td></tr>",
            e.ply,
            e.kind,
            escape(&e.army),
            e.move_number.map_or("—".to_string(), |n| n.to_string()),
            escape(&e.team),
            e.points,
            e.rule
        );
    }
    let mut scores = String::new();
    for s in &report.scores {
        let _ = write!(
            scores,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><b>{}</b></td></tr>",
            escape(&s.team),
            s.role,
            s.material,
            s.events,
            s.penalties,
            s.total
        );
    }
    let verdict = match (&report.verdict, report.variant) {
        (None, crate::verify::Variant::SuperScacchi) => {
            "No scores: the game has an error (R37).".to_string()
        }
        (Some(v), _) => {
            use crate::superscacchi::score::Outcome;
            match v.outcome() {
                Outcome::Winner(i) => format!("Winner: {}", escape(&v.teams[i].team)),
                Outcome::Tie => "Equal totals: a tie, for the judge (R42).".to_string(),
                Outcome::BothLose => "No winner: both teams lose by rule (R40/R41).".to_string(),
            }
        }
        (None, _) => format!("Result: {}", report.result.unwrap_or("*")),
    };
    let data = script_json(&data);
    format!(
        r##"<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>{title}</title>
<style>
body{{font-family:sans-serif;margin:16px;color:#222}} h1{{font-size:18px}}
#wrap{{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}}
#moves{{max-height:560px;overflow-y:auto;min-width:260px;font-size:13px;border:1px solid #ccc;padding:4px}}
#moves div{{padding:1px 4px;cursor:pointer}} #moves div.cur{{background:#f4d03f}}
#moves div.bad{{color:#c0392b;font-weight:bold}} .f{{color:#c0392b}} .w{{color:#b9770e}}
table{{border-collapse:collapse;font-size:13px;margin:8px 0}} td,th{{border:1px solid #ccc;padding:2px 6px}}
button{{font-size:16px;margin:4px 2px}} #status{{font-size:14px;margin:4px}}
</style></head><body>
<h1>{title}</h1>
<div id="wrap"><div><div id="board"></div>
<div><button id="first" title="Home">|◀</button><button id="prev" title="←">◀</button><button id="next" title="→">▶</button><button id="last" title="End">▶|</button></div>
<div id="status"></div><div id="note"></div></div>
<div id="moves"></div></div>
<h2>Events</h2><table><tr><th>ply</th><th>event</th><th>army</th><th>move</th><th>team</th><th>points</th><th>rule</th></tr>{events}</table>
<h2>Scores</h2><table><tr><th>team</th><th>role</th><th>material</th><th>events</th><th>penalties</th><th>total</th></tr>{scores}</table>
<p><b>{verdict}</b></p>
<h2>Findings</h2><ul id="findings"></ul>
<script>
const D={data};
const N=D.size,C=32,L="PCATRK",LC="PCATDR";
const red=new Set([7+16*7,8+16*7,7+16*8,8+16*8]),green=new Set([0,15,240,255]);
let board=D.initial.slice(),cur=0;
const played=D.plies.filter(p=>p.p).length;
function esc(s){{return String(s).replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;").replace(/"/g,"&quot;").replace(/'/g,"&#39;")}}
function piece(c){{if(!c)return null;if(N==16){{const a=Math.floor((c-1)/6);return[D.colors[a],L[(c-1)%6],"#000"]}}const w=c<=6;return[w?"#fff":"#222",LC[(c-1)%6],w?"#000":"#fff"]}}
function draw(){{const last=cur>0?D.plies[cur-1]:null;let s='<svg xmlns="http://www.w3.org/2000/svg" width="'+(N*C+20)+'" height="'+(N*C+20)+'" font-family="sans-serif">';
for(let r=0;r<N;r++)for(let f=0;f<N;f++){{const i=r*N+f,x=20+f*C,y=(N-1-r)*C;let fill=(r+f)%2==0?"#b58863":"#f0d9b5";if(N==16&&red.has(i))fill="#c0392b";if(N==16&&green.has(i))fill="#27ae60";
if(last&&(last.t==i||last.f==i))fill="#f4d03f";s+='<rect x="'+x+'" y="'+y+'" width="'+C+'" height="'+C+'" fill="'+fill+'"/>';const p=piece(board[i]);
if(p)s+='<circle cx="'+(x+16)+'" cy="'+(y+16)+'" r="13" fill="'+p[0]+'" stroke="#000"/><text x="'+(x+16)+'" y="'+(y+21)+'" text-anchor="middle" font-size="14" font-weight="bold" fill="'+p[2]+'">'+p[1]+'</text>'}}
for(let f=0;f<N;f++)s+='<text x="'+(20+f*C+16)+'" y="'+(N*C+14)+'" text-anchor="middle" font-size="11">'+String.fromCharCode(97+f)+'</text>';
for(let r=0;r<N;r++)s+='<text x="10" y="'+((N-1-r)*C+20)+'" text-anchor="middle" font-size="11">'+(r+1)+'</text>';
document.getElementById("board").innerHTML=s+'</svg>';
document.getElementById("status").textContent="ply "+cur+" / "+played+(last?" — "+last.l:"")+(D.findings.some(f=>f.y==cur&&f.c=="filled-unreadable")?" ✎ inferred from an unreadable move":"");
const bad=D.plies.length>played&&cur==played?D.plies[played]:null;
document.getElementById("note").innerHTML=bad?'<span class="f">✖ the replay stops here: '+esc(bad.l)+' is not legal</span>':'';
document.querySelectorAll("#moves div").forEach((d,k)=>{{d.classList.toggle("cur",k==cur-1);if(k==cur-1){{const m=document.getElementById("moves");if(d.offsetTop<m.scrollTop||d.offsetTop>m.scrollTop+m.clientHeight-20)m.scrollTop=d.offsetTop-m.clientHeight/2}}}})}}
function go(n){{n=Math.max(0,Math.min(played,n));while(cur<n){{for(const c of D.plies[cur].c)board[c[0]]=c[2];cur++}}while(cur>n){{cur--;for(const c of D.plies[cur].c)board[c[0]]=c[1]}}draw()}}
const mv=document.getElementById("moves");D.plies.forEach((p,k)=>{{const d=document.createElement("div");const fs=D.findings.filter(f=>f.y==k+1);
d.innerHTML=(k+1)+". "+esc(p.l)+fs.map(f=>' <span class="'+(f.s=="error"?"f":"w")+'" title="'+esc(f.m)+'">'+(f.s=="error"?"✖":f.c=="filled-unreadable"?"✎":"⚠")+esc(f.c)+'</span>').join("");if(!p.p)d.className="bad";d.onclick=()=>go(k+1);mv.appendChild(d)}});
const fl=document.getElementById("findings");D.findings.forEach(f=>{{const li=document.createElement("li");li.innerHTML='<span class="'+(f.s=="error"?"f":"w")+'">'+f.s+'['+esc(f.c)+']</span> '+(f.y?"ply "+f.y+": ":"")+esc(f.m)+(f.r?" ("+esc(f.r)+")":"");fl.appendChild(li)}});
document.getElementById("first").onclick=()=>go(0);document.getElementById("prev").onclick=()=>go(cur-1);
document.getElementById("next").onclick=()=>go(cur+1);document.getElementById("last").onclick=()=>go(played);
document.addEventListener("keydown",e=>{{const k={{ArrowRight:()=>go(cur+1),ArrowLeft:()=>go(cur-1),Home:()=>go(0),End:()=>go(played)}}[e.key];if(k){{e.preventDefault();k()}}}});
draw();window.arbitroFirstDraw=Math.round(performance.now());
</script></body></html>
"##,
        title = escape(title),
    )
}

#[cfg(test)]
mod tests {
    use super::{escape, script_json};
    use serde_json::json;

    #[test]
    fn embedded_data_cannot_end_or_comment_out_the_script() {
        let data = json!({"m": "</script><!--<script>&\u{2028}\u{2029}'\"\\"});
        assert_eq!(
            script_json(&data),
            r#"{"m":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029'\"\\"}"#
        );
        // The script reads the same data.
        let back: serde_json::Value = serde_json::from_str(&script_json(&data)).unwrap();
        assert_eq!(back, data);
    }

    #[test]
    fn text_and_attributes_escape_markup_and_both_quotes() {
        assert_eq!(
            escape("a\"b'c<d>e&amp;"),
            "a&quot;b&#39;c&lt;d&gt;e&amp;amp;"
        );
    }
}
