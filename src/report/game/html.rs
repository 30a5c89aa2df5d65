//! The board as SVG, and a self-contained HTML viewer of a whole game: no network, no
//! external files; inline SVG, CSS and a little JavaScript. The viewer steps through the
//! moves (buttons, arrow keys), marks each finding where it happens, and shows the events
//! and the scores. A game with an error stops at the first illegal move and shows it.

use crate::geometry::{Sq, SquareKind};
use crate::lang::{Lang, Say};
use crate::report::board::{ARMY_RGB, classical_piece, piece_legend, ss_piece};
use crate::report::inert::html_escape as escape;
use crate::report::page;
use crate::report::verdict::event_name;
use crate::verify::GameReport;
pub use crate::view::Heading;
use crate::view::View;
use serde_json::json;
use std::fmt::Write;

const CELL: usize = 32;

pub use crate::report::page::script_json;

/// The squares of the SuperScacchi board in the viewer: neutral greys under the armies'
/// light colours; the red and green refuges; the last move in blue. On a refuge the last
/// move is an inset frame, so the refuge's colour stays visible.
const SS_DARK: &str = "#7a7a7a";
const SS_LIGHT: &str = "#9c9c9c";
const SS_RED: &str = "#c0392b";
const SS_GREEN: &str = "#1e9e50";
const SS_LAST: &str = "#4f63d6";
/// The classical board's squares and last move.
const CL_DARK: &str = "#b58863";
const CL_LIGHT: &str = "#f0d9b5";
const CL_LAST: &str = "#f4d03f";

/// A square's fill and, for a refuge on the last move, the frame drawn inside it.
fn square_paint(size: usize, i: usize, last: bool) -> (&'static str, Option<&'static str>) {
    let (rank, file) = (i / size, i % size);
    let dark = (rank + file).is_multiple_of(2);
    if size != 16 {
        return match (last, dark) {
            (true, _) => (CL_LAST, None),
            (false, true) => (CL_DARK, None),
            (false, false) => (CL_LIGHT, None),
        };
    }
    let refuge = match Sq(i as u8).kind() {
        SquareKind::Red => Some(SS_RED),
        SquareKind::Green => Some(SS_GREEN),
        SquareKind::Ordinary => None,
    };
    match (refuge, last) {
        (Some(r), true) => (r, Some(SS_LAST)),
        (Some(r), false) => (r, None),
        (None, true) => (SS_LAST, None),
        (None, false) => (if dark { SS_DARK } else { SS_LIGHT }, None),
    }
}

/// One position as a standalone SVG (after `n` plies), its letters in `lang`.
pub fn svg(view: &View, n: usize, lang: Lang) -> String {
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
            let on_last = last.is_some_and(|p| p.to as usize == i || p.from as usize == i);
            let (fill, frame) = square_paint(size, i, on_last);
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            );
            if let Some(frame) = frame {
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{frame}\" stroke-width=\"2\"/>",
                    x + 1,
                    y + 1,
                    CELL - 2,
                    CELL - 2
                );
            }
            let ring = size == 16 && Sq(i as u8).kind() != SquareKind::Ordinary;
            if let Some(piece) = piece_paint(size, board[i], lang) {
                draw_piece(&mut s, (x, y), &piece, ring.then_some(fill));
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

/// How a piece is drawn: its colour, its letter, and its army's code (SuperScacchi).
struct PiecePaint {
    color: String,
    letter: String,
    army: String,
}

/// The piece of `code` on a board of `size` (16: SuperScacchi, 8: classical), if any, its
/// letter in `lang`.
fn piece_paint(size: usize, code: u8, lang: Lang) -> Option<PiecePaint> {
    if size == 16 {
        ss_piece(code).map(|(a, l)| {
            let (r, g, b) = ARMY_RGB[a.index()];
            PiecePaint {
                color: format!("rgb({r},{g},{b})"),
                letter: l.say(lang).into_owned(),
                army: a.code().to_string(),
            }
        })
    } else {
        classical_piece(code).map(|(white, l)| PiecePaint {
            color: if white { "#ffffff" } else { "#222222" }.to_string(),
            letter: l.say(lang).into_owned(),
            army: String::new(),
        })
    }
}

/// The six letters of a board's pieces in `lang`, in the order of the board's codes (for
/// the page's script).
fn letters(size: usize, lang: Lang) -> Vec<String> {
    (1..=6)
        .filter_map(|code| piece_paint(size, code, lang))
        .map(|p| p.letter)
        .collect()
}

/// A piece on the square whose top left corner is `at`. A piece on a refuge wears the
/// refuge's colour (`refuge`) as its ring: the refuge stays visible under it and under the
/// last move's frame.
fn draw_piece(s: &mut String, at: (usize, usize), piece: &PiecePaint, refuge: Option<&str>) {
    let ring = match refuge {
        Some(fill) => format!("stroke=\"{fill}\" stroke-width=\"3\""),
        None => "stroke=\"#000\" stroke-width=\"1\"".to_string(),
    };
    let (cx, cy) = (at.0 + CELL / 2, at.1 + CELL / 2);
    let text = if piece.color == "#222222" {
        "#ffffff"
    } else {
        "#000000"
    };
    let PiecePaint {
        color,
        letter,
        army,
    } = piece;
    // A two-letter king (`Re`) in smaller type, to stay inside its disc.
    let font = if letter.chars().count() > 1 { 11 } else { 14 };
    let _ = writeln!(
        s,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"12\" fill=\"{color}\" {ring}><title>{letter} {army}</title></circle><text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{font}\" font-weight=\"bold\" fill=\"{text}\">{letter}</text>",
        cy + 5
    );
}

/// The title of a game's page: the tags' parts joined by dashes.
impl Say for Heading {
    fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str> {
        fn clean(s: &Option<String>) -> Option<&str> {
            s.as_deref().map(str::trim).filter(|s| !s.is_empty())
        }
        let mut parts: Vec<String> = Vec::new();
        if let Some(e) = clean(&self.event) {
            parts.push(e.to_string());
        }
        let mut round: Vec<String> = Vec::new();
        if let Some(m) = clean(&self.match_id) {
            round.push(format!("{} {m}", lang.t("match", "gara")));
        }
        if let Some(g) = clean(&self.game) {
            round.push(format!("{} {g}", lang.t("game", "partita")));
        }
        if let Some(f) = clean(&self.phase) {
            round.push(format!("fase {f}"));
        }
        if let Some(g) = clean(&self.group) {
            round.push(format!("girone {g}"));
        }
        if !round.is_empty() {
            parts.push(round.join(", "));
        }
        if let Some(s) = clean(&self.sides) {
            parts.push(s.to_string());
        }
        if parts.is_empty() {
            parts.push(self.file_name.clone());
        }
        parts.join(" — ").into()
    }
}

/// The Italian names of the armies (the same in both languages: they are the sheets').
fn army_name(code: &str) -> &'static str {
    match code {
        "S" => "sud",
        "SO" => "sud-ovest",
        "O" => "ovest",
        "NO" => "nord-ovest",
        "N" => "nord",
        "NE" => "nord-est",
        "E" => "est",
        _ => "sud-est",
    }
}

/// The legend of a SuperScacchi board: for each team, its armies and their colours.
fn legend(report: &GameReport, lang: Lang) -> String {
    use crate::geometry::Army;
    let [besiegers, besieged] = report.teams().cloned().unwrap_or_default();
    let mut out = format!(
        "<div id=\"legend\"><b>{}</b>",
        lang.t("Armies and teams", "Eserciti e squadre")
    );
    for (side, team, role) in [(0, besiegers, "assedianti"), (1, besieged, "assediati")] {
        let _ = write!(
            out,
            "<div class=\"team\"><b>{}</b> ({role}):",
            escape(&team)
        );
        for a in Army::ALL.iter().filter(|a| a.index() % 2 == side) {
            let (r, g, b) = ARMY_RGB[a.index()];
            let _ = write!(
                out,
                " <span class=\"army\"><span class=\"dot\" style=\"background:rgb({r},{g},{b})\"></span>{} {}</span>",
                a.code(),
                army_name(a.code())
            );
        }
        out.push_str("</div>");
    }
    // The pieces in the page's language, and the refuges (R3) as filled squares in their
    // colours, never `++` (the mate marker).
    let _ = write!(
        out,
        "<div class=\"pieces\">{}</div><div class=\"squares\"><span class=\"sq\" style=\"color:{SS_RED}\">■</span> {} <span class=\"sq\" style=\"color:{SS_GREEN}\">■</span> {}</div>",
        piece_legend(false, lang).join(" · "),
        lang.t("red square", "casa rossa"),
        lang.t("green square", "casa verde"),
    );
    out.push_str("</div>");
    out
}

/// The verdict line under the scores.
fn verdict_line(report: &GameReport, lang: Lang) -> String {
    match (report.verdict(), report.variant()) {
        (None, crate::verify::Variant::SuperScacchi) => {
            crate::report::verdict::no_scores_sentence(lang).to_string()
        }
        (Some(v), _) => escape(&crate::report::verdict::outcome_sentence(lang, v)),
        (None, _) => format!(
            "{}: {}",
            lang.t("Result", "Risultato"),
            report.result().map_or("*", |r| r.as_str())
        ),
    }
}

/// The events table's rows and the scores table's rows.
fn table_rows(report: &GameReport, lang: Lang) -> (String, String) {
    let mut events = String::new();
    for s in report.events() {
        let e = &s.event;
        let _ = write!(
            events,
            "<tr data-ply=\"{}\" tabindex=\"0\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>+{}</td><td>{}</td></tr>",
            e.ply,
            e.ply,
            event_name(lang, e.kind),
            e.army.code(),
            e.move_number.map_or("—".to_string(), |n| n.to_string()),
            escape(report.team_of(e.army)),
            s.points,
            e.rule
        );
    }
    let mut scores = String::new();
    for s in report.verdict().map_or(&[][..], |v| &v.teams[..]) {
        let _ = write!(
            scores,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><b>{}</b></td></tr>",
            escape(&s.team),
            s.camp.name(),
            s.material,
            s.event_points,
            s.penalty_points,
            s.total
        );
    }
    (events, scores)
}

/// The words the page's script writes, in the page's language.
fn script_words(lang: Lang) -> serde_json::Value {
    json!({
        "ply": lang.t("ply", "semimossa"),
        "inferred": lang.t("✎ inferred from an unreadable move", "✎ ricostruita da una mossa illeggibile"),
        "stops": lang.t("✖ the replay stops here: {} is not legal", "✖ la verifica si ferma qui: {} non è legale"),
        "error": lang.t("error", "errore"),
        "warning": lang.t("warning", "avvertimento"),
        "info": lang.t("info", "nota"),
    })
}

/// The page's data for its script: the board, the plies, the findings, the event of each
/// ply as the status line says it, the colours and the words.
fn page_data(report: &GameReport, view: &View, lang: Lang) -> String {
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
        .map(|f| json!({"s": f.severity().as_str(), "c": f.code.as_str(), "r": f.rule, "y": f.ply, "m": f.message_in(lang)}))
        .collect();
    // "liberation +80, R21" by ply.
    let events: Vec<_> = report
        .events()
        .iter()
        .map(|s| {
            json!([
                s.event.ply,
                format!(
                    "{} +{}, {}",
                    event_name(lang, s.event.kind),
                    s.points,
                    s.event.rule
                )
            ])
        })
        .collect();
    let data = json!({
        "size": view.size,
        "initial": view.initial,
        "plies": plies,
        "findings": findings,
        "events": events,
        "letters": letters(view.size as usize, lang),
        "colors": ARMY_RGB.iter().map(|(r, g, b)| format!("rgb({r},{g},{b})")).collect::<Vec<_>>(),
        "paint": {"dark": SS_DARK, "light": SS_LIGHT, "red": SS_RED, "green": SS_GREEN, "last": SS_LAST,
                  "cdark": CL_DARK, "clight": CL_LIGHT, "clast": CL_LAST},
        "words": script_words(lang),
    });
    script_json(&data)
}

/// A table's header row.
fn head_row(words: &[&str]) -> String {
    let cells: String = words.iter().map(|h| format!("<th>{h}</th>")).collect();
    format!("<tr>{cells}</tr>")
}

/// The events and the scores, SuperScacchi's (a classical game has neither): headings
/// and tables.
fn register_html(report: &GameReport, view: &View, lang: Lang) -> String {
    if view.size != 16 {
        return String::new();
    }
    let t = |en, it| lang.t(en, it);
    let (events, scores) = table_rows(report, lang);
    let events_head = head_row(&[
        t("ply", "semimossa"),
        t("event", "evento"),
        t("army", "esercito"),
        t("move", "mossa"),
        t("team", "squadra"),
        t("points", "punti"),
        t("rule", "regola"),
    ]);
    let scores_head = head_row(&[
        t("team", "squadra"),
        t("role", "ruolo"),
        t("material", "materiale"),
        t("events", "eventi"),
        t("penalties", "penalità"),
        t("total", "totale"),
    ]);
    format!(
        "<h2>{}</h2><table id=\"events\">{events_head}{events}</table>\n<h2>{}</h2><table id=\"scores\">{scores_head}{scores}</table>",
        t("Events", "Eventi"),
        t("Scores", "Punteggi")
    )
}

/// The whole game as one self-contained HTML page, in `lang`, titled by `heading`.
pub fn page(report: &GameReport, view: &View, heading: &Heading, lang: Lang) -> String {
    let title = escape(&heading.say(lang));
    // "File" is Italian too.
    let file_line = format!("File: {}", escape(&heading.file_name));
    let data = page_data(report, view, lang);
    let verdict = verdict_line(report, lang);
    let legend = if view.size == 16 {
        legend(report, lang)
    } else {
        String::new()
    };
    let t = |en, it| lang.t(en, it);
    let (w_first, w_prev, w_next, w_last) = (
        t("first (Home)", "inizio (Home)"),
        t("back (←)", "indietro (←)"),
        t("forward (→)", "avanti (→)"),
        t("last (End)", "fine (End)"),
    );
    let register = register_html(report, view, lang);
    let clock = super::clock::html(report, lang);
    let findings_h = t("Findings", "Segnalazioni");
    let findings_head = head_row(&[
        t("ply", "semimossa"),
        t("finding", "segnalazione"),
        t("message", "messaggio"),
        t("rule", "regola"),
    ]);
    let click = t(
        "Click a row to see the board at its ply.",
        "Un clic su una riga mostra la scacchiera a quella semimossa.",
    );
    let mut out = page::open(&page::Head {
        lang,
        title: &heading.say(lang),
        style: STYLE,
        script: page::Script::Inline,
    });
    let _ = write!(
        out,
        r##"<h1>{title}</h1>
<p id="file">{file_line}</p>
<div id="wrap"><div><div id="board"></div>
<div><button id="first" title="{w_first}">|◀</button><button id="prev" title="{w_prev}">◀</button><button id="next" title="{w_next}">▶</button><button id="last" title="{w_last}">▶|</button></div>
<div id="status"></div><div id="note"></div>{legend}</div>
<div id="moves"></div></div>
<p class="hint">{click}</p>
{register}
{clock}<p><b>{verdict}</b></p>
<h2>{findings_h}</h2><table id="findings">{findings_head}</table>
<script>
{SCRIPT_HEAD}{data};
{SCRIPT}
</script>"##
    );
    out.push_str(page::CLOSE);
    out
}

/// The viewer's own style (after the base style of every page).
const STYLE: &str = "body{font-family:sans-serif;margin:16px;color:#222} h1{font-size:18px;margin-bottom:2px} #file{color:#666;font-size:12px;margin:0 0 8px}
#wrap{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}
#moves{max-height:560px;overflow-y:auto;min-width:260px;font-size:13px;border:1px solid #ccc;padding:4px}
#moves div{padding:1px 4px;cursor:pointer} #moves div.cur{background:#dfe4fb}
#moves div.bad{color:#c0392b;font-weight:bold} .f{color:#c0392b} .w{color:#b9770e}
table{font-size:13px;margin:8px 0} td,th{border:1px solid #ccc;padding:2px 6px}
tr[data-ply]{cursor:pointer} tr[data-ply]:hover,tr[data-ply]:focus{background:#dfe4fb;outline:none} tr.cur{background:#eef0fc}
button{font-size:16px;margin:4px 2px} #status{font-size:14px;margin:4px}
#legend{font-size:13px;margin:6px 0} #legend .team{margin:3px 0} .army{margin-left:8px;white-space:nowrap}
.sq{font-size:16px} #legend .pieces,#legend .squares{margin:3px 0}
.dot{display:inline-block;width:12px;height:12px;border-radius:50%;border:1px solid #000;margin-right:3px;vertical-align:-1px}
.hint{color:#666;font-size:12px}
";

/// The page's script, after `const D=` and its data: draws the board at the current ply
/// and steps through the game (buttons, arrow keys, a click on a move, an event or a
/// finding). It writes text from the file only through `esc` or `textContent`.
const SCRIPT_HEAD: &str = "const D=";
const SCRIPT: &str = r##"const N=D.size,C=32,L=D.letters,W=D.words,P=D.paint;
const red=new Set([7+16*7,8+16*7,7+16*8,8+16*8]),green=new Set([0,15,240,255]);
let board=D.initial.slice(),cur=0;
const played=D.plies.filter(p=>p.p).length;
function esc(s){return String(s).replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;").replace(/"/g,"&quot;").replace(/'/g,"&#39;")}
const A=["S","SO","O","NO","N","NE","E","SE"];
function piece(c){if(!c)return null;if(N==16){const a=Math.floor((c-1)/6);return[D.colors[a],L[(c-1)%6],"#000",A[a]]}const w=c<=6;return[w?"#fff":"#222",L[(c-1)%6],w?"#000":"#fff",""]}
function paint(i,r,f,last){const dark=(r+f)%2==0;if(N!=16)return[last?P.clast:dark?P.cdark:P.clight,null];
const refuge=red.has(i)?P.red:green.has(i)?P.green:null;if(refuge)return[refuge,last?P.last:null];return[last?P.last:dark?P.dark:P.light,null]}
function draw(){const last=cur>0?D.plies[cur-1]:null;let s='<svg xmlns="http://www.w3.org/2000/svg" width="'+(N*C+20)+'" height="'+(N*C+20)+'" font-family="sans-serif">';
for(let r=0;r<N;r++)for(let f=0;f<N;f++){const i=r*N+f,x=20+f*C,y=(N-1-r)*C;const pt=paint(i,r,f,last&&(last.t==i||last.f==i));
s+='<rect x="'+x+'" y="'+y+'" width="'+C+'" height="'+C+'" fill="'+pt[0]+'"/>';
if(pt[1])s+='<rect class="frame" x="'+(x+1)+'" y="'+(y+1)+'" width="'+(C-2)+'" height="'+(C-2)+'" fill="none" stroke="'+pt[1]+'" stroke-width="2"/>';
const p=piece(board[i]),ring=N==16&&(red.has(i)||green.has(i))?pt[0]:null;
if(p)s+='<circle cx="'+(x+16)+'" cy="'+(y+16)+'" r="12" fill="'+p[0]+'" stroke="'+(ring||"#000")+'" stroke-width="'+(ring?3:1)+'"><title>'+p[1]+' '+p[3]+'</title></circle><text x="'+(x+16)+'" y="'+(y+21)+'" text-anchor="middle" font-size="'+(p[1].length>1?11:14)+'" font-weight="bold" fill="'+p[2]+'">'+p[1]+'</text>'}
for(let f=0;f<N;f++)s+='<text x="'+(20+f*C+16)+'" y="'+(N*C+14)+'" text-anchor="middle" font-size="11">'+String.fromCharCode(97+f)+'</text>';
for(let r=0;r<N;r++)s+='<text x="10" y="'+((N-1-r)*C+20)+'" text-anchor="middle" font-size="11">'+(r+1)+'</text>';
document.getElementById("board").innerHTML=s+'</svg>';
const ev=D.events.filter(e=>e[0]==cur&&cur>0).map(e=>e[1]).join("; ");
document.getElementById("status").textContent=W.ply+" "+cur+" / "+played+(last?" — "+last.l:"")+(ev?" — "+ev:"")+(D.findings.some(f=>f.y==cur&&f.c=="filled-unreadable")?" "+W.inferred:"");
const bad=D.plies.length>played&&cur==played?D.plies[played]:null;
document.getElementById("note").innerHTML=bad?'<span class="f">'+esc(W.stops).replace("{}",esc(bad.l))+'</span>':'';
document.querySelectorAll("tr[data-ply]").forEach(t=>t.classList.toggle("cur",t.dataset.ply==cur));
document.querySelectorAll("#moves div").forEach((d,k)=>{d.classList.toggle("cur",k==cur-1);if(k==cur-1){const m=document.getElementById("moves");if(d.offsetTop<m.scrollTop||d.offsetTop>m.scrollTop+m.clientHeight-20)m.scrollTop=d.offsetTop-m.clientHeight/2}})}
function go(n){n=Math.max(0,Math.min(played,n));while(cur<n){for(const c of D.plies[cur].c)board[c[0]]=c[2];cur++}while(cur>n){cur--;for(const c of D.plies[cur].c)board[c[0]]=c[1]}draw()}
function clickable(row,ply){row.dataset.ply=ply;row.tabIndex=0;row.onclick=()=>{go(ply);document.getElementById("board").scrollIntoView({block:"nearest"})};row.onkeydown=e=>{if(e.key=="Enter"){e.stopPropagation();row.onclick()}}}
const mv=document.getElementById("moves");D.plies.forEach((p,k)=>{const d=document.createElement("div");const fs=D.findings.filter(f=>f.y==k+1);
d.innerHTML=(k+1)+". "+esc(p.l)+fs.map(f=>' <span class="'+(f.s=="error"?"f":"w")+'" title="'+esc(f.m)+'">'+(f.s=="error"?"✖":f.c=="filled-unreadable"?"✎":"⚠")+esc(f.c)+'</span>').join("");if(!p.p)d.className="bad";d.onclick=()=>go(k+1);mv.appendChild(d)});
const fl=document.getElementById("findings");D.findings.forEach(f=>{const tr=fl.insertRow();
tr.innerHTML='<td>'+(f.y==null?"":f.y)+'</td><td><span class="'+(f.s=="error"?"f":"w")+'">'+esc(W[f.s]||f.s)+' ['+esc(f.c)+']</span></td><td>'+esc(f.m)+'</td><td>'+esc(f.r||"")+'</td>';
if(f.y!=null)clickable(tr,Math.min(f.y,played))});
document.querySelectorAll("#events tr[data-ply]").forEach(tr=>clickable(tr,Number(tr.dataset.ply)));
document.getElementById("first").onclick=()=>go(0);document.getElementById("prev").onclick=()=>go(cur-1);
document.getElementById("next").onclick=()=>go(cur+1);document.getElementById("last").onclick=()=>go(played);
document.addEventListener("keydown",e=>{const k={ArrowRight:()=>go(cur+1),ArrowLeft:()=>go(cur-1),Home:()=>go(0),End:()=>go(played)}[e.key];if(k){e.preventDefault();k()}});
draw();window.arbitroFirstDraw=Math.round(performance.now());"##;

#[cfg(test)]
mod tests {
    use super::{Heading, escape, script_json};
    use crate::lang::{Lang, Say};
    use serde_json::json;

    #[test]
    fn the_heading_is_the_tags_or_the_file_name() {
        let h = Heading {
            event: Some("Campionato 2026".into()),
            match_id: Some("Leoni-Tigri".into()),
            game: Some("2".into()),
            sides: Some("Tigri (assedianti) – Leoni (assediati)".into()),
            file_name: "g.txt".into(),
            ..Heading::default()
        };
        assert_eq!(
            h.say(Lang::It),
            "Campionato 2026 — gara Leoni-Tigri, partita 2 — Tigri (assedianti) – Leoni (assediati)"
        );
        assert_eq!(
            h.say(Lang::En),
            "Campionato 2026 — match Leoni-Tigri, game 2 — Tigri (assedianti) – Leoni (assediati)"
        );
        let school = Heading {
            phase: Some("1".into()),
            group: Some("4".into()),
            event: Some("  ".into()),
            file_name: "t.txt".into(),
            ..Heading::default()
        };
        assert_eq!(school.say(Lang::En), "fase 1, girone 4");
        let bare = Heading {
            file_name: "partita.txt".into(),
            ..Heading::default()
        };
        assert_eq!(bare.say(Lang::It), "partita.txt");
    }

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
