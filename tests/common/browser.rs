//! A headless Chromium session through chromedriver, for the browser tests
//! (`tests/browser/`): a little WebDriver over plain HTTP, so that
//! no browser-automation crate is needed.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const DRIVER: &str = "/usr/bin/chromedriver";

pub fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Value> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    // Read the head, then exactly the body (the driver may keep the connection open).
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    let head_end = loop {
        let n = s.read(&mut buf)?;
        if n == 0 {
            break raw.len();
        }
        raw.extend_from_slice(&buf[..n]);
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &raw[head_end..];
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = s.read(&mut buf)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let rest_bytes = &raw[head_end..];
    let rest = if chunked {
        // Join the chunks.
        let text = String::from_utf8_lossy(rest_bytes).into_owned();
        let mut out = String::new();
        let mut r = text.as_str();
        while let Some((len, tail)) = r.split_once("\r\n") {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.push_str(&tail[..n.min(tail.len())]);
            r = tail.get(n + 2..).unwrap_or("");
        }
        out
    } else {
        String::from_utf8_lossy(rest_bytes).into_owned()
    };
    serde_json::from_str(&rest).map_err(|e| std::io::Error::other(format!("{e}: {rest}")))
}

pub fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = s
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| u32::from(val(c))).collect();
        let n = v
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &x)| acc | (x << (18 - 6 * i)));
        out.push((n >> 16) as u8);
        if v.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if v.len() > 3 {
            out.push(n as u8);
        }
    }
    out
}

/// Whether Chromium and chromedriver are installed; if not, the test `name` is skipped.
pub fn browser_installed(name: &str) -> bool {
    let ok = Path::new(CHROMIUM).exists() && Path::new(DRIVER).exists();
    if !ok {
        super::common::skip(
            name,
            &format!(
                "{CHROMIUM} or {DRIVER} is not installed (apt-get install chromium chromium-driver)"
            ),
        );
    }
    ok
}

/// A chromedriver process and one headless Chromium session, both ended when dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    id: String,
}

impl Browser {
    /// Starts chromedriver on a free port and opens a session whose profile is in `dir`.
    pub fn start(dir: &Path) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut browser = Browser {
            driver,
            port,
            id: String::new(),
        };
        let t = Instant::now();
        while http(port, "GET", "/status", None).is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = dir.join("profile");
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--window-size=1300,1100",
                     format!("--user-data-dir={}", profile.display())]}}}});
        let session = http(port, "POST", "/session", Some(&caps)).unwrap();
        browser.id = session["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("{session}"))
            .to_string();
        browser
    }

    /// One WebDriver command of the session.
    pub fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.id);
        http(self.port, method, &path, body.as_ref()).unwrap()
    }

    /// The value of a script run in the page.
    pub fn script(&self, js: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": js, "args": []})),
        )["value"]
            .clone()
    }

    /// Loads a local file.
    pub fn open(&self, file: &Path) {
        self.cmd(
            "POST",
            "/url",
            Some(json!({"url": format!("file://{}", file.display())})),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.id.is_empty() {
            let _ = http(self.port, "DELETE", &format!("/session/{}", self.id), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
