//! What a run measures and how it is told: counters, errors by code, latency histograms
//! (HdrHistogram, microseconds), a progress line while the run goes on, and the summary at the end
//! (text, or JSON with `--json`).

use hdrhistogram::Histogram;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Longest latency a histogram holds (longer ones are clamped): one minute.
const MAX_MICROS: u64 = 60_000_000;

/// Shared by every client task of a run.
pub struct Recorder {
    inner: Mutex<Inner>,
}

struct Inner {
    counters: BTreeMap<&'static str, u64>,
    errors: BTreeMap<String, u64>,
    latencies: BTreeMap<&'static str, Histogram<u64>>,
    /// Start of the measured phase (after set-up).
    measuring: Option<Instant>,
    measured: Option<Duration>,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            inner: Mutex::new(Inner {
                counters: BTreeMap::new(),
                errors: BTreeMap::new(),
                latencies: BTreeMap::new(),
                measuring: None,
                measured: None,
            }),
        }
    }
}

impl Recorder {
    pub fn new() -> Arc<Recorder> {
        Arc::new(Recorder::default())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn count(&self, name: &'static str, n: u64) {
        *self.lock().counters.entry(name).or_default() += n;
    }

    pub fn counter(&self, name: &str) -> u64 {
        self.lock().counters.get(name).copied().unwrap_or(0)
    }

    /// An error answered by the server (its contract code) or met by the client (`connect`, ...).
    pub fn error(&self, code: &str) {
        *self.lock().errors.entry(code.to_string()).or_default() += 1;
    }

    pub fn errors_total(&self) -> u64 {
        self.lock().errors.values().sum()
    }

    pub fn latency(&self, name: &'static str, elapsed: Duration) {
        let micros = (elapsed.as_micros() as u64).clamp(1, MAX_MICROS);
        let mut inner = self.lock();
        let histogram = inner.latencies.entry(name).or_insert_with(|| {
            Histogram::new_with_bounds(1, MAX_MICROS, 3).expect("histogram bounds")
        });
        let _ = histogram.record(micros);
    }

    /// Marks the start of the measured phase: rates are per second of it.
    pub fn start_measuring(&self) {
        self.lock().measuring = Some(Instant::now());
    }

    /// Marks its end.
    pub fn stop_measuring(&self) {
        let mut inner = self.lock();
        if inner.measured.is_none() {
            inner.measured = inner.measuring.map(|t| t.elapsed());
        }
    }

    /// The counters now, for progress lines.
    fn snapshot(&self) -> (BTreeMap<&'static str, u64>, u64, Option<(u64, u64)>) {
        let inner = self.lock();
        let main = inner
            .latencies
            .iter()
            .next()
            .map(|(_, h)| (h.value_at_quantile(0.5), h.value_at_quantile(0.99)));
        (inner.counters.clone(), inner.errors.values().sum(), main)
    }

    pub fn summary(&self, scenario: &str, addr: &str, extra: Map<String, Value>) -> Summary {
        let inner = self.lock();
        let measured = inner
            .measured
            .or_else(|| inner.measuring.map(|t| t.elapsed()))
            .unwrap_or_default()
            .as_secs_f64();
        Summary {
            scenario: scenario.to_string(),
            addr: addr.to_string(),
            measured_secs: measured,
            counters: inner
                .counters
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect(),
            rates_per_sec: inner
                .counters
                .iter()
                .filter(|_| measured > 0.0)
                .map(|(k, v)| (k.to_string(), *v as f64 / measured))
                .collect(),
            latency_ms: inner
                .latencies
                .iter()
                .map(|(k, h)| (k.to_string(), Latency::of(h)))
                .collect(),
            errors: inner.errors.clone(),
            extra,
        }
    }
}

/// Prints a progress line to stderr every `every` until the returned handle is aborted: each
/// counter with its rate over the last interval, the errors, and p50/p99 of the first latency.
pub fn progress(recorder: Arc<Recorder>, every: Duration) -> Option<tokio::task::JoinHandle<()>> {
    if every.is_zero() {
        return None;
    }
    Some(tokio::spawn(async move {
        let start = Instant::now();
        let mut before = BTreeMap::new();
        let mut ticker = tokio::time::interval(every);
        ticker.tick().await;
        loop {
            ticker.tick().await;
            let (now, errors, main) = recorder.snapshot();
            let mut line = format!("[{:6.1}s]", start.elapsed().as_secs_f64());
            for (name, value) in &now {
                let delta = value - before.get(name).copied().unwrap_or(0);
                let _ = write!(
                    line,
                    " {name} {value} ({:.0}/s)",
                    delta as f64 / every.as_secs_f64()
                );
            }
            let _ = write!(line, " errors {errors}");
            if let Some((p50, p99)) = main {
                let _ = write!(
                    line,
                    " p50 {:.2}ms p99 {:.2}ms",
                    p50 as f64 / 1e3,
                    p99 as f64 / 1e3
                );
            }
            eprintln!("{line}");
            before = now;
        }
    }))
}

/// Percentiles of one latency, in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct Latency {
    pub count: u64,
    pub mean: f64,
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

impl Latency {
    fn of(h: &Histogram<u64>) -> Latency {
        let ms = |micros: u64| micros as f64 / 1e3;
        Latency {
            count: h.len(),
            mean: h.mean() / 1e3,
            p50: ms(h.value_at_quantile(0.50)),
            p95: ms(h.value_at_quantile(0.95)),
            p99: ms(h.value_at_quantile(0.99)),
            max: ms(h.max()),
        }
    }
}

/// The end of a run.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub scenario: String,
    pub addr: String,
    /// Length of the measured phase (set-up excluded).
    pub measured_secs: f64,
    pub counters: BTreeMap<String, u64>,
    pub rates_per_sec: BTreeMap<String, f64>,
    pub latency_ms: BTreeMap<String, Latency>,
    /// By contract code (server answers) or client-side cause (`connect`, `timeout`, `closed`...).
    pub errors: BTreeMap<String, u64>,
    /// What the scenario adds: its settings, server memory...
    pub extra: Map<String, Value>,
}

impl Summary {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("summaries serialise")
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "plateau-load {} against {}: measured {:.1} s",
            self.scenario, self.addr, self.measured_secs
        );
        for (key, value) in &self.extra {
            let _ = writeln!(out, "  {key}: {value}");
        }
        for (name, value) in &self.counters {
            let rate = self.rates_per_sec.get(name).copied().unwrap_or(0.0);
            let _ = writeln!(out, "  {name:<22} {value:>10}  ({rate:.1}/s)");
        }
        if !self.latency_ms.is_empty() {
            let _ = writeln!(
                out,
                "  {:<22} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
                "latency (ms)", "count", "mean", "p50", "p95", "p99", "max"
            );
            for (name, l) in &self.latency_ms {
                let _ = writeln!(
                    out,
                    "  {name:<22} {:>9} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
                    l.count, l.mean, l.p50, l.p95, l.p99, l.max
                );
            }
        }
        if self.errors.is_empty() {
            let _ = writeln!(out, "  errors: none");
        } else {
            let _ = writeln!(out, "  errors:");
            for (code, n) in &self.errors {
                let _ = writeln!(out, "    {code:<20} {n}");
            }
        }
        out
    }
}
