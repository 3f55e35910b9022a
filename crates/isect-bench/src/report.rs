//! The runner: criterion groups with one isect and one or more parry functions each, then a table
//! of the ratios, read back from criterion's own estimates.
//!
//! Every benchmark function runs a whole batch of inputs per iteration; the table divides by the
//! batch length, so its figures are nanoseconds per query (criterion's median).
//!
//! Settings: criterion's defaults and command-line arguments (`-- --quick`, a filter, ...).
//! `ISECT_BENCH_QUICK=1` shortens warm-up and measurement for a smoke run; `ISECT_BENCH_PLOTS=1`
//! turns criterion's HTML plots back on (off by default: they take longer than the
//! measurements).

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};

/// The function name under which every group times isect.
const ISECT_ID: &str = "isect";

/// One line of the table: a parry function of a group against the group's isect function.
#[derive(Clone, Debug)]
struct Row {
    query: String,
    parry_call: String,
    group: String,
    parry_id: String,
    batch: usize,
}

/// Runs criterion groups and prints the isect/parry table at the end. See the module docs.
#[expect(
    missing_debug_implementations,
    reason = "criterion's `Criterion` has no `Debug`"
)]
pub struct Suite {
    criterion: Criterion,
    name: String,
    target_dir: PathBuf,
    started: SystemTime,
    rows: Vec<Row>,
    notes: Vec<String>,
    settings: String,
    tabulate: bool,
}

impl Suite {
    /// A suite for the benchmark file `name` (`benches/<name>.rs`): criterion configured from
    /// the environment (see the module docs) and then from the command line, which wins.
    #[must_use]
    pub fn new(name: &str) -> Self {
        Self::configured(name, None)
    }

    /// [`Suite::new`] with shorter defaults than criterion's, for a benchmark of many groups:
    /// `warm_up` and `measurement` per function and `samples` samples (`ISECT_BENCH_QUICK` and
    /// the command line still win).
    #[must_use]
    pub fn timed(name: &str, warm_up: Duration, measurement: Duration, samples: usize) -> Self {
        Self::configured(name, Some((warm_up, measurement, samples)))
    }

    fn configured(name: &str, timing: Option<(Duration, Duration, usize)>) -> Self {
        let target_dir = target_dir();
        let mut criterion = Criterion::default().output_directory(&target_dir.join("criterion"));
        if !env_flag("ISECT_BENCH_PLOTS") {
            criterion = criterion.without_plots();
        }
        if let Some((warm_up, measurement, samples)) = timing {
            criterion = criterion
                .warm_up_time(warm_up)
                .measurement_time(measurement)
                .sample_size(samples);
        }
        let quick_env = env_flag("ISECT_BENCH_QUICK");
        if quick_env {
            criterion = criterion
                .warm_up_time(Duration::from_millis(200))
                .measurement_time(Duration::from_millis(500))
                .sample_size(10)
                .nresamples(10_000);
        }
        let criterion = criterion.configure_from_args();
        let args: Vec<String> = std::env::args().collect();
        // Modes in which criterion measures nothing (or saves nothing) have no table.
        let tabulate = !args.iter().any(|a| {
            matches!(a.as_str(), "--test" | "--list" | "--discard-baseline")
                || a.starts_with("--profile-time")
                || a.starts_with("--baseline")
                || a.starts_with("--load-baseline")
        });
        // Timing options given on the command line override the others (criterion reads them
        // last): the table names them as given.
        let timing_args: Vec<&str> = args
            .windows(2)
            .filter(|w| {
                matches!(
                    w[0].as_str(),
                    "--warm-up-time" | "--measurement-time" | "--sample-size"
                )
            })
            .flat_map(|w| [w[0].as_str(), w[1].as_str()])
            .collect();
        let settings = if args.iter().any(|a| a == "--quick") {
            "criterion `--quick`".to_owned()
        } else if !timing_args.is_empty() {
            format!("criterion with `{}`", timing_args.join(" "))
        } else if quick_env {
            "`ISECT_BENCH_QUICK=1`: 0.2 s warm-up, 0.5 s measurement, 10 samples".to_owned()
        } else if timing.is_some() {
            "the benchmark's own timing (see its notes)".to_owned()
        } else {
            "criterion defaults: 3 s warm-up, 5 s measurement, 100 samples".to_owned()
        };
        Self {
            criterion,
            name: name.to_owned(),
            target_dir,
            started: SystemTime::now(),
            rows: Vec::new(),
            notes: Vec::new(),
            settings,
            tabulate,
        }
    }

    /// A criterion group `id` (a file-name-safe name, also criterion's directory) for the query
    /// `query` (its label in the table), whose functions each run a batch of `batch` queries.
    pub fn group(&mut self, id: &str, query: &str, batch: usize) -> Group<'_> {
        Group {
            group: self.criterion.benchmark_group(id),
            rows: &mut self.rows,
            id: id.to_owned(),
            query: query.to_owned(),
            batch,
        }
    }

    /// Adds a line printed under the table (what the inputs are, what a parry call means).
    pub fn note(&mut self, line: impl Into<String>) {
        self.notes.push(line.into());
    }

    /// Criterion's closing summary, then the table on stdout and in
    /// `<target>/isect-bench/<name>.md`. Rows whose benchmarks did not run in this process (a
    /// filter left them out) are left out.
    ///
    /// # Panics
    /// When the markdown file cannot be written.
    pub fn finish(self) {
        self.finish_with(String::new());
    }

    /// [`Suite::finish`], with `extra` (markdown) printed and written after the notes.
    ///
    /// # Panics
    /// When the markdown file cannot be written.
    pub fn finish_with(self, extra: String) {
        self.criterion.final_summary();
        if !self.tabulate {
            return;
        }
        let criterion_dir = self.target_dir.join("criterion");
        let mut lines = Vec::new();
        for row in &self.rows {
            let read = |function: &str| {
                read_estimate(&criterion_dir, &row.group, function, self.started)
                    .map(|ns| ns / row.batch as f64)
            };
            if let (Some(isect), Some(parry)) = (read(ISECT_ID), read(&row.parry_id)) {
                lines.push([
                    row.query.clone(),
                    row.parry_call.clone(),
                    format!("{isect:.1}"),
                    format!("{parry:.1}"),
                    format!("{:.2}", parry / isect),
                ]);
            }
        }
        if lines.is_empty() {
            println!(
                "\nisect-bench: no estimates from this run under {} (filtered out?): no table.",
                criterion_dir.display()
            );
            return;
        }
        let table = markdown_table(
            ["query", "parry call", "isect ns", "parry ns", "parry/isect"],
            &lines,
        );
        println!("\n{table}");

        let mut md = String::new();
        let _ = writeln!(
            md,
            "<!-- written by `cargo bench -p isect-bench --bench {}` -->\n",
            self.name
        );
        md.push_str(&table);
        let _ = writeln!(
            md,
            "\nNanoseconds per query (criterion's median over a batch, divided by the batch \
             length); parry/isect above 1 means isect is faster. Settings: {}.",
            self.settings
        );
        for note in &self.notes {
            let _ = writeln!(md, "\n{note}");
        }
        if !extra.is_empty() {
            println!("\n{extra}");
            let _ = writeln!(md, "\n{extra}");
        }
        let path = self
            .target_dir
            .join("isect-bench")
            .join(format!("{}.md", self.name));
        std::fs::create_dir_all(path.parent().expect("has a parent"))
            .and_then(|()| std::fs::write(&path, md))
            .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        println!("written to {}", path.display());
    }
}

/// One criterion group: the isect function and the parry functions it is compared with.
#[expect(
    missing_debug_implementations,
    reason = "criterion's `BenchmarkGroup` has no `Debug`"
)]
pub struct Group<'a> {
    group: BenchmarkGroup<'a, WallTime>,
    rows: &'a mut Vec<Row>,
    id: String,
    query: String,
    batch: usize,
}

impl Group<'_> {
    /// Times isect: `routine` runs the whole batch (see [`per_query`]).
    pub fn isect<O>(&mut self, mut routine: impl FnMut() -> O) -> &mut Self {
        self.group
            .bench_function(ISECT_ID, |b| b.iter(&mut routine));
        self
    }

    /// Times isect as [`Group::isect`] does, each sample's iterations run inside `pool` (one
    /// `install` per sample, outside the timing: an `install` per iteration costs tens of
    /// microseconds on a loaded machine). For the single-thread cells of the `parallel` build:
    /// in a pool of one thread, isect's rayon code runs on that thread.
    #[cfg(feature = "parallel")]
    pub fn isect_in<O>(
        &mut self,
        pool: &rayon::ThreadPool,
        mut routine: impl FnMut() -> O + Send,
    ) -> &mut Self {
        self.group.bench_function(ISECT_ID, |b| {
            b.iter_custom(|iters| {
                pool.install(|| {
                    let start = std::time::Instant::now();
                    for _ in 0..iters {
                        black_box(routine());
                    }
                    start.elapsed()
                })
            });
        });
        self
    }

    /// Times a parry function under the criterion name `id`, shown in the table as `call`.
    pub fn parry<O>(&mut self, id: &str, call: &str, mut routine: impl FnMut() -> O) -> &mut Self {
        assert_ne!(id, ISECT_ID, "the name {ISECT_ID} is isect's");
        self.group.bench_function(id, |b| b.iter(&mut routine));
        self.rows.push(Row {
            query: self.query.clone(),
            parry_call: call.to_owned(),
            group: self.id.clone(),
            parry_id: id.to_owned(),
            batch: self.batch,
        });
        self
    }

    /// Sets the group's number of samples (at least 10): fewer for slow functions, such as a
    /// frame of a million boxes.
    pub fn sample_size(&mut self, n: usize) -> &mut Self {
        self.group.sample_size(n);
        self
    }

    /// Times every sample with the same number of iterations (criterion's flat sampling): for
    /// functions of a second or more, where the default's growing samples would need 55
    /// iterations at 10 samples.
    pub fn flat(&mut self) -> &mut Self {
        self.group.sampling_mode(criterion::SamplingMode::Flat);
        self
    }

    /// Sets the group's warm-up and measurement times.
    pub fn times(&mut self, warm_up: Duration, measurement: Duration) -> &mut Self {
        self.group
            .warm_up_time(warm_up)
            .measurement_time(measurement);
        self
    }

    /// Ends the group (criterion's summary of it).
    pub fn finish(self) {
        self.group.finish();
    }
}

/// A routine that runs `query(shape, input)` for every input, with the shape passed through
/// [`black_box`] and each answer kept by it: nothing is hoisted out of the loop (validity checks
/// of the shape included), so this times single queries, not a batch-optimised loop, and the
/// same way for both libraries. Each input is read from the slice as a user's loop reads it; it
/// was once also passed through `black_box`, which stores it (a `Vec3` as 8 + 4 bytes) and reads
/// it back at once: a packed SIMD read of it then waits for the stores (no store forwarding
/// across two stores, about a dozen cycles), a cost of the harness, not of the query
/// (docs/performance.md, "Time behind parry: store forwarding and branches").
pub fn per_query<'a, S: ?Sized, T: Copy, O>(
    shape: &'a S,
    inputs: &'a [T],
    query: impl Fn(&S, T) -> O + 'a,
) -> impl FnMut() + 'a {
    move || {
        for &input in inputs {
            black_box(query(black_box(shape), input));
        }
    }
}

/// Criterion's median estimate (ns per iteration) of `group/function`, when written after
/// `since` (by this run).
fn read_estimate(dir: &Path, group: &str, function: &str, since: SystemTime) -> Option<f64> {
    let path = dir
        .join(group)
        .join(function)
        .join("new")
        .join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// A markdown table with padded columns (readable as text too); numeric columns right-aligned.
#[must_use]
pub fn markdown_table<const N: usize>(header: [&str; N], lines: &[[String; N]]) -> String {
    let numeric = |k: usize| {
        lines
            .iter()
            .all(|l| l[k].parse::<f64>().is_ok() && !l[k].is_empty())
    };
    let width = |k: usize| {
        lines
            .iter()
            .map(|l| l[k].chars().count())
            .chain([header[k].chars().count(), 3])
            .max()
            .unwrap_or(3)
    };
    let widths: Vec<usize> = (0..N).map(width).collect();
    let right: Vec<bool> = (0..N).map(numeric).collect();
    let cell = |k: usize, s: &str| {
        if right[k] {
            format!(" {s:>w$} ", w = widths[k])
        } else {
            format!(" {s:<w$} ", w = widths[k])
        }
    };
    let mut out = String::new();
    let row = |cells: Vec<String>| format!("|{}|\n", cells.join("|"));
    out.push_str(&row((0..N).map(|k| cell(k, header[k])).collect()));
    out.push_str(&row((0..N)
        .map(|k| {
            let dashes = "-".repeat(widths[k]);
            if right[k] {
                format!(" {}: ", &dashes[1..])
            } else {
                format!(" {dashes} ")
            }
        })
        .collect()));
    for line in lines {
        out.push_str(&row((0..N).map(|k| cell(k, &line[k])).collect()));
    }
    out
}

/// Where cargo puts this build: `<target>/<profile>/deps/<bench binary>`, else
/// `CARGO_TARGET_DIR`, else `target`.
fn target_dir() -> PathBuf {
    let from_exe = std::env::current_exe().ok().and_then(|exe| {
        let deps = exe.parent()?;
        (deps.file_name()? == "deps").then(|| deps.parent()?.parent().map(Path::to_path_buf))?
    });
    from_exe
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// Whether the environment variable is set to something other than `0` or empty.
fn env_flag(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0")
}

impl Suite {
    /// Criterion's median (ns per iteration) of function `function` of group `id`, when it
    /// ran in this process.
    #[must_use]
    pub fn estimate_ns(&self, id: &str, function: &str) -> Option<f64> {
        read_estimate(
            &self.target_dir.join("criterion"),
            id,
            function,
            self.started,
        )
    }

    /// Whether the table will be printed (criterion measures in this mode).
    #[must_use]
    pub fn measures(&self) -> bool {
        self.tabulate
    }

    /// Nanoseconds per query of the isect function of group `id` (run in this process, with
    /// `batch` queries per iteration), for queries that parry does not have and so get no row
    /// in the table: print them in a note. `None` when it did not run (filtered out).
    #[must_use]
    pub fn isect_ns(&self, id: &str, batch: usize) -> Option<f64> {
        read_estimate(
            &self.target_dir.join("criterion"),
            id,
            ISECT_ID,
            self.started,
        )
        .map(|ns| ns / batch as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_pads_columns_and_right_aligns_numbers() {
        let lines = [
            ["Sphere".to_owned(), "12.5".to_owned()],
            ["Aabb".to_owned(), "3.0".to_owned()],
        ];
        let table = markdown_table(["query", "ns"], &lines);
        assert_eq!(
            table,
            "| query  |   ns |\n\
             | ------ | ---: |\n\
             | Sphere | 12.5 |\n\
             | Aabb   |  3.0 |\n"
        );
    }
}
