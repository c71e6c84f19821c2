//! The report page in a real browser: headless Chromium (Debian's `chromium` package, which
//! `make setup-test` installs) opens `index.html` at a desktop and at a phone width.
//!
//! How: Chromium is driven over the DevTools protocol on `--remote-debugging-pipe` (JSON
//! messages ended by a NUL byte, commands on the browser's fd 3, replies and events on its
//! fd 4), so no websocket client, driver or extra crate is needed: `sh` hands the test's pipes
//! to Chromium as fds 3 and 4. The page itself stays script-free: the measuring expression runs
//! through `Runtime.evaluate`, from outside the page. Console errors are the protocol's
//! `Runtime.exceptionThrown`, `Runtime.consoleAPICalled` (error, assert), `Log.entryAdded` at
//! level error (which includes "Failed to load resource") and `Network.loadingFailed`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long one protocol call, or the page's load, may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Chromium: `FROST_CHROMIUM` if set, else `chromium` or `chromium-browser` on PATH. Fails
/// with a line saying how to install it: a missing browser must not pass the test.
pub fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("FROST_CHROMIUM") {
        let p = PathBuf::from(p);
        assert!(p.is_file(), "FROST_CHROMIUM={}: no such file", p.display());
        return p;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "chromium not found on PATH (nor FROST_CHROMIUM set): `make setup-test` installs \
         Debian's chromium package"
    );
}

/// A headless Chromium and one page (tab) of it, attached in flat mode.
pub struct Browser {
    child: Child,
    commands: ChildStdin,
    messages: Receiver<Value>,
    /// Events seen while waiting for replies, in order.
    events: Vec<Value>,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

/// What a page showed at one width.
pub struct PageCheck {
    /// Console errors, failed loads and uncaught exceptions, one line each.
    pub errors: Vec<String>,
    /// The measuring expression's result (see `MEASURE`).
    pub layout: Value,
}

/// Every figure's rendered box, and whether the page is wider than the window.
const MEASURE: &str = r#"JSON.stringify({
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  svgs: [...document.querySelectorAll('svg')].map(s => {
    const r = s.getBoundingClientRect();
    const f = s.closest('figure');
    return {id: f ? f.id : '', width: r.width, height: r.height, left: r.left, right: r.right};
  }),
})"#;

impl Browser {
    pub fn launch() -> Browser {
        let exe = chromium();
        let profile = tempfile::tempdir().unwrap();
        let log = std::fs::File::create(profile.path().join("stderr.log")).unwrap();
        // fd 3 <- the test's commands (our stdin pipe), fd 4 -> replies (our stdout pipe);
        // Chromium's own stdout and stdin are /dev/null, its stderr a log file.
        let mut child = Command::new("/bin/sh")
            .arg("-c")
            .arg(r#"exec "$0" "$@" 3<&0 4>&1 >/dev/null </dev/null"#)
            .arg(&exe)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {}: {e}", exe.display()));
        let commands = child.stdin.take().unwrap();
        let mut replies = BufReader::new(child.stdout.take().unwrap());
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || loop {
            let mut buf = Vec::new();
            match replies.read_until(0, &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if buf.last() == Some(&0) {
                        buf.pop();
                    }
                    let Ok(v) = serde_json::from_slice::<Value>(&buf) else {
                        continue;
                    };
                    if tx.send(v).is_err() {
                        break;
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            commands,
            messages,
            events: Vec::new(),
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = b.call(None, "Target.createTarget", json!({"url": "about:blank"}));
        let attached = b.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Page", "Runtime", "Log", "Network"] {
            b.page(&format!("{domain}.enable"), json!({}));
        }
        b
    }

    fn stderr_tail(&self) -> String {
        let text =
            std::fs::read_to_string(self._profile.path().join("stderr.log")).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    fn next(&mut self, deadline: Instant, waiting_for: &str) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => {
                panic!(
                    "chromium: no {waiting_for} in {TIMEOUT:?}\n{}",
                    self.stderr_tail()
                )
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!(
                    "chromium exited (waiting for {waiting_for})\n{}",
                    self.stderr_tail()
                )
            }
        }
    }

    /// Send a command (to the browser, or to a session) and return its result.
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = msg.to_string().into_bytes();
        bytes.push(0);
        self.commands
            .write_all(&bytes)
            .and_then(|()| self.commands.flush())
            .unwrap_or_else(|e| panic!("chromium: write {method}: {e}\n{}", self.stderr_tail()));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let v = self.next(deadline, method);
            if v["id"] == json!(id) {
                if let Some(e) = v.get("error") {
                    panic!("chromium: {method} failed: {e}");
                }
                return v["result"].clone();
            }
            self.events.push(v);
        }
    }

    fn page(&mut self, method: &str, params: Value) -> Value {
        let s = self.session.clone();
        self.call(Some(&s), method, params)
    }

    fn wait_event(&mut self, method: &str) {
        let is_it = |v: &Value, s: &str| v["method"] == method && v["sessionId"] == s;
        if self.events.iter().any(|v| is_it(v, &self.session)) {
            return;
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let v = self.next(deadline, method);
            let done = is_it(&v, &self.session);
            self.events.push(v);
            if done {
                return;
            }
        }
    }

    /// Open `file` at a window `width` wide (`phone`: a mobile viewport that honours the
    /// page's `<meta name="viewport">`, as a phone's browser does), measure it, and write a
    /// full-page screenshot to `png`.
    pub fn check(&mut self, file: &Path, width: u32, phone: bool, png: &Path) -> PageCheck {
        self.events.clear();
        self.page(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": if phone { 844 } else { 900 },
                   "deviceScaleFactor": if phone { 2 } else { 1 }, "mobile": phone}),
        );
        let url = format!("file://{}", file.canonicalize().unwrap().display());
        let nav = self.page("Page.navigate", json!({"url": url}));
        assert!(nav.get("errorText").is_none(), "open {url}: {nav}");
        self.wait_event("Page.loadEventFired");
        let layout = self.page(
            "Runtime.evaluate",
            json!({"expression": MEASURE, "returnByValue": true}),
        );
        let layout: Value =
            serde_json::from_str(layout["result"]["value"].as_str().unwrap()).unwrap();
        let metrics = self.page("Page.getLayoutMetrics", json!({}));
        let size = &metrics["cssContentSize"];
        let shot = self.page(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true,
                   "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"],
                            "scale": 1}}),
        );
        std::fs::create_dir_all(png.parent().unwrap()).unwrap();
        std::fs::write(png, base64(shot["data"].as_str().unwrap())).unwrap();
        let session = self.session.clone();
        let errors = self
            .events
            .iter()
            .filter(|v| v["sessionId"] == session.as_str())
            .filter_map(error_line)
            .collect();
        PageCheck { errors, layout }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self
            .commands
            .write_all(b"{\"id\":0,\"method\":\"Browser.close\"}\0");
        let _ = self.commands.flush();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A protocol event that a reader of the console would see as an error, as one line.
fn error_line(v: &Value) -> Option<String> {
    let p = &v["params"];
    match v["method"].as_str()? {
        "Runtime.exceptionThrown" => Some(format!("exception: {}", p["exceptionDetails"])),
        "Runtime.consoleAPICalled" if matches!(p["type"].as_str(), Some("error" | "assert")) => {
            Some(format!("console.{}: {}", p["type"], p["args"]))
        }
        "Log.entryAdded" if p["entry"]["level"] == "error" => Some(format!(
            "{}: {} {}",
            p["entry"]["source"], p["entry"]["text"], p["entry"]["url"]
        )),
        "Network.loadingFailed" => Some(format!("load failed: {p}")),
        _ => None,
    }
}

/// Standard base64 (the screenshot's PNG), padding and line breaks ignored.
fn base64(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => continue,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// Where the screenshots are kept: `target/test-artifacts/report/` (next to
/// `CARGO_TARGET_TMPDIR`, so a custom target directory is honoured).
pub fn artifacts() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .join("test-artifacts/report")
}

/// Open a report's `index.html` at 1280 and at 390 (a phone) pixels wide; screenshots go to
/// `artifacts()/{prefix}desktop.png` and `{prefix}phone.png`. Asserts: no console error, every
/// figure rendered with a non-zero size and inside the window, the page no wider than the
/// window (wide tables scroll in their own box), and at the phone width the page laid out for
/// the phone (a viewport meta tag), not shrunk from a desktop layout.
pub fn check_report(report: &Path, prefix: &str, figures: usize) {
    let page = report.join("index.html");
    let mut b = Browser::launch();
    for (name, width, phone) in [("desktop", 1280u32, false), ("phone", 390, true)] {
        let png = artifacts().join(format!("{prefix}{name}.png"));
        let c = b.check(&page, width, phone, &png);
        let at = format!(
            "{} at {width}px (screenshot {})",
            page.display(),
            png.display()
        );
        assert!(
            c.errors.is_empty(),
            "{at}: console errors:\n{}",
            c.errors.join("\n")
        );
        let l = &c.layout;
        let inner = l["innerWidth"].as_f64().unwrap();
        assert_eq!(
            inner,
            f64::from(width),
            "{at}: the page is laid out {inner}px wide"
        );
        let scroll = l["scrollWidth"].as_f64().unwrap();
        assert!(
            scroll <= inner,
            "{at}: the page is {scroll}px wide, wider than the window"
        );
        let svgs = l["svgs"].as_array().unwrap();
        assert_eq!(svgs.len(), figures, "{at}: figures {l}");
        for s in svgs {
            let (w, h) = (s["width"].as_f64().unwrap(), s["height"].as_f64().unwrap());
            assert!(
                w > 0.0 && h > 0.0,
                "{at}: figure {} renders {w}x{h}",
                s["id"]
            );
            assert!(
                s["left"].as_f64().unwrap() >= 0.0 && s["right"].as_f64().unwrap() <= inner,
                "{at}: figure {} sticks out of the window: {s}",
                s["id"]
            );
        }
        assert!(
            png.metadata().unwrap().len() > 1000,
            "{at}: empty screenshot"
        );
    }
}

/// The check itself: a page with a missing image, a console error and an uncaught exception
/// reports all three (a blind check would pass every page).
#[test]
fn the_browser_check_sees_console_errors_and_failed_loads() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bad.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><img src=\"missing.png\"><svg width=\"10\" height=\"10\">\
         </svg><script>console.error('said'); throw new Error('thrown');</script></body></html>",
    )
    .unwrap();
    let mut b = Browser::launch();
    let c = b.check(&page, 800, false, &dir.path().join("bad.png"));
    let all = c.errors.join("\n");
    assert!(all.contains("missing.png"), "{all}");
    assert!(all.contains("said"), "{all}");
    assert!(all.contains("thrown"), "{all}");
    assert_eq!(c.layout["svgs"][0]["width"], 10.0, "{}", c.layout);
}

#[test]
fn base64_decodes() {
    assert_eq!(base64("aGVsbG8gd29ybGQ="), b"hello world");
    assert_eq!(base64("AP8/+w=="), [0x00, 0xff, 0x3f, 0xfb]);
}
