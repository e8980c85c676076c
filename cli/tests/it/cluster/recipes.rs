//! Each recipe plays a small fixed-node match (8 pairs at 300 nodes a move, 4 shards) with
//! the first attempt at shard 1 killed by SIGKILL: the recipe runs it again, the merge
//! succeeds, and it is the unsharded run, game for game, played by the same build. Slurm's
//! submission also hands its jobs the book at an absolute path, checked before any job.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{OnceLock, mpsc};

use serde_json::Value;

use super::slurm::{self, Cluster, alive, survivors, which};

/// r3 against none from the committed book `book`, `pairs` pairs at 300 nodes a move, as
/// the recipes take a match's flags.
fn flags_for(book: &str, pairs: &str) -> Vec<String> {
    let book = root().join("arena/data/books").join(book);
    ["--players", "r3,none", "--book"]
        .into_iter()
        .map(str::to_owned)
        .chain([book.display().to_string()])
        .chain(["--pairs", pairs, "--nodes", "300"].map(str::to_owned))
        .collect()
}

/// The match every recipe plays.
fn match_flags() -> Vec<String> {
    flags_for("noob_3moves.sample.epd", "8")
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// The match in one process, unsharded: what every merge must equal.
fn unsharded() -> &'static Value {
    static WHOLE: OnceLock<Value> = OnceLock::new();
    WHOLE.get_or_init(|| {
        let out = Command::new(env!("CARGO_BIN_EXE_nullmove"))
            .args(["chess", "match"])
            .args(match_flags())
            .args(["--concurrency", "2", "--json"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    })
}

/// Whether the tool a test needs is here: `why_not` says why not; then the test is skipped,
/// or fails when `require` is set.
fn available(require: &str, why_not: Option<String>) -> bool {
    let Some(why) = why_not else { return true };
    assert!(
        std::env::var_os(require).is_none(),
        "{require} is set, but {why}"
    );
    println!("skipped: {why}");
    false
}

/// A stand-in for `nullmove` in `dir` (the recipes' `NULLMOVE`): the first attempt at shard
/// 1 is killed with SIGKILL a moment after it starts, with `killed-once` left beside it;
/// every other run is the real program's.
fn killer(dir: &Path) -> PathBuf {
    let path = dir.join("nullmove-killing-once");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         case \" $* \" in\n\
         *\" --shard 1/\"*)\n  \
           if mkdir \"$(dirname \"$0\")/killed-once\" 2>/dev/null; then\n    \
             \"$NULLMOVE_REAL\" \"$@\" &\n    \
             pid=$!\n    \
             sleep 0.2\n    \
             kill -KILL \"$pid\"\n    \
             wait \"$pid\"\n    \
             exit $?\n  \
           fi ;;\n\
         esac\n\
         exec \"$NULLMOVE_REAL\" \"$@\"\n",
    )
    .unwrap();
    let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    assert!(status.success());
    path
}

/// The stand-in's environment: itself as `NULLMOVE`, the real program behind it.
fn with_killer(command: &mut Command, dir: &Path) {
    command
        .env("NULLMOVE", killer(dir))
        .env("NULLMOVE_REAL", env!("CARGO_BIN_EXE_nullmove"));
}

/// The merge in `dir` must be the unsharded match game for game, played by the same build
/// under the same command but for its concurrency (`concurrency`, the recipe's).
fn assert_is_the_unsharded_match(dir: &Path, concurrency: &str, context: &dyn Fn() -> String) {
    let text = std::fs::read_to_string(dir.join("match.json"))
        .unwrap_or_else(|e| panic!("no match.json: {e}\n{}", context()));
    let mut merged: Value = serde_json::from_str(&text).unwrap();
    let mut whole = unsharded().clone();
    let (merged_by, whole_by) = (merged["provenance"].take(), whole["provenance"].take());
    for key in ["version", "commit", "chess_bench"] {
        assert_eq!(merged_by[key], whole_by[key], "{key}");
    }
    let mut command = vec!["nullmove", "chess", "match"];
    let flags = match_flags();
    command.extend(flags.iter().map(String::as_str));
    command.extend(["--concurrency", concurrency]);
    assert_eq!(merged_by["command"], serde_json::json!(command));
    for doc in [&mut merged, &mut whole] {
        let map = doc.as_object_mut().unwrap();
        for key in ["seconds", "games_per_hour", "shard", "resumed_pairs"] {
            map.remove(key);
        }
    }
    assert_eq!(merged["pairs_played"], 8);
    let (merged, whole) = (
        crate::support::without_times(merged),
        crate::support::without_times(whole),
    );
    assert_eq!(merged, whole, "{}", context());
}

#[test]
fn a_slurm_job_array_plays_the_unsharded_match_and_its_daemons_end() {
    if !available("NULLMOVE_REQUIRE_SLURM", slurm::unavailable()) {
        return;
    }
    let cluster = Cluster::start("slurm");
    let work = cluster.work();
    let mut submit = cluster.command(root().join("batch/slurm/submit.sh"));
    submit.arg("4").args(match_flags());
    with_killer(&mut submit, &work);
    let out = submit.output().unwrap();
    let context = || format!("{}\n{}", stderr(&out), cluster.logs());
    assert!(out.status.success(), "{}", context());
    let ids: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    assert_eq!(ids.len(), 2, "{}", context());
    let jobs = cluster.wait_for_jobs();
    assert_eq!(jobs.len(), 5, "four tasks and the merge: {jobs:#?}");
    for job in &jobs {
        assert!(job.contains("JobState=COMPLETED"), "{job}\n{}", context());
    }
    let log = std::fs::read_to_string(work.join("shard-1.log")).unwrap();
    assert!(
        log.contains("shard 1/4: attempt 1 ended with exit status 137"),
        "{log}"
    );
    assert_is_the_unsharded_match(&work, "2", &context);
    let (dir, daemons) = (cluster.dir(), cluster.daemon_pids());
    drop(cluster);
    assert_eq!(survivors(&dir), vec![], "every process of the cluster ends");
    assert!(daemons.iter().all(|&pid| !alive(pid)), "{daemons:?}");
}

/// The SPRT both recipes' tests run over their shards, played in one process, once: 2,000
/// pairs from the UHO sample at 300 nodes. It decides before pair 600 (held here), so the
/// Slurm recipe's 600-pair shards run the very same test.
fn one_process_sprt() -> &'static Value {
    static ONE: OnceLock<Value> = OnceLock::new();
    ONE.get_or_init(|| {
        let one = Command::new(env!("CARGO_BIN_EXE_nullmove"))
            .args(["chess", "match"])
            .args(flags_for("uho_4060_v2.sample.epd", "2000"))
            .args(["--sprt", "0,40", "--concurrency", "1", "--json"])
            .output()
            .unwrap();
        assert!(one.status.success(), "{}", stderr(&one));
        let one: Value = serde_json::from_slice(&one.stdout).unwrap();
        assert_eq!(one["ending"], "sprt");
        assert!(
            one["pairs_played"].as_u64().unwrap() < 600,
            "{}",
            one["pairs_played"]
        );
        one
    })
}

/// `submit.sh --sprt`: the shards play a long match while `sprt.sbatch` runs the SPRT over
/// them as they play; once it decides it cancels the array, and `match.json` holds the
/// decision, the pairs and the LLR of the same SPRT run in one process.
#[test]
fn a_slurm_sprt_stops_the_array_once_the_merged_test_decides() {
    if !available("NULLMOVE_REQUIRE_SLURM", slurm::unavailable()) {
        return;
    }
    let flags = flags_for("uho_4060_v2.sample.epd", "600");
    let one = one_process_sprt();
    let cluster = Cluster::start("sprt");
    let work = cluster.work();
    let mut submit = cluster.command(root().join("batch/slurm/submit.sh"));
    submit
        .args(["--sprt", "0,40", "3"])
        .args(flags)
        .env("NULLMOVE", env!("CARGO_BIN_EXE_nullmove"))
        .env("NULLMOVE_SPRT_POLL", "1");
    let out = submit.output().unwrap();
    let context = || format!("{}\n{}", stderr(&out), cluster.logs());
    assert!(out.status.success(), "{}", context());
    let jobs = cluster.wait_for_jobs();
    assert_eq!(jobs.len(), 4, "three tasks and the SPRT: {jobs:#?}");
    let sprt_job = jobs
        .iter()
        .find(|j| j.contains("JobName=nullmove-sprt"))
        .expect("the SPRT job");
    assert!(
        sprt_job.contains("JobState=COMPLETED"),
        "{sprt_job}\n{}",
        context()
    );
    assert!(
        jobs.iter()
            .any(|j| j.contains("JobName=nullmove-shard") && j.contains("JobState=CANCELLED")),
        "the decision stops the shards: {jobs:#?}"
    );
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(work.join("match.json")).unwrap()).unwrap();
    assert_eq!(merged["ending"], "sprt", "{}", context());
    for key in ["pairs_played", "pentanomial"] {
        assert_eq!(merged[key], one[key], "{key}");
    }
    assert_eq!(merged["sprt"]["llr"], one["sprt"]["llr"]);
    assert_eq!(merged["sprt"]["decision"], one["sprt"]["decision"]);
}

#[test]
fn a_test_that_fails_leaves_no_daemon_and_no_job() {
    if !available("NULLMOVE_REQUIRE_SLURM", slurm::unavailable()) {
        return;
    }
    let (tell, told) = mpsc::channel();
    let failed = std::thread::spawn(move || {
        let cluster = Cluster::start("failing");
        let out = cluster
            .command("sbatch")
            .args(["--wrap", "sleep 120"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let running = || {
            cluster
                .command("squeue")
                .args(["-h", "-t", "R"])
                .output()
                .is_ok_and(|o| !o.stdout.is_empty())
        };
        while !running() {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        tell.send((cluster.dir(), cluster.daemon_pids())).unwrap();
        panic!("a test failing while its cluster runs a job (this panic is the test's)");
    })
    .join();
    assert!(failed.is_err());
    let (dir, daemons) = told.recv().expect("the cluster started");
    assert_eq!(
        survivors(&dir),
        vec![],
        "the job, its step and the daemons end"
    );
    assert!(daemons.iter().all(|&pid| !alive(pid)), "{daemons:?}");
}

#[test]
fn gnu_parallel_plays_the_unsharded_match() {
    let why_not = which("parallel")
        .is_none()
        .then(|| "no parallel (apt-get install parallel)".to_owned());
    if !available("NULLMOVE_REQUIRE_PARALLEL", why_not) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("nullmove-parallel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut run = Command::new(root().join("batch/parallel/match.sh"));
    run.args(["4", "2"])
        .args(match_flags())
        .current_dir(&dir)
        .stdin(Stdio::null());
    with_killer(&mut run, &dir);
    let out = run.output().unwrap();
    let context = || stderr(&out);
    assert!(out.status.success(), "{}", context());
    assert!(
        dir.join("killed-once").is_dir(),
        "the first attempt at shard 1 was killed"
    );
    assert_is_the_unsharded_match(&dir, "1", &context);
    // One table on stdout, the merge's; the shards' own go to shards.log.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("pairs planned").count(), 1, "{stdout}");
    let log = std::fs::read_to_string(dir.join("shards.log")).unwrap();
    assert!(log.matches("pairs planned").count() >= 4, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `match.sh --sprt`: GNU parallel plays the shards of a long match while the script runs
/// the SPRT over them; once it decides it stops parallel and its shards, and `match.json`
/// holds the one-process SPRT's decision, pairs and LLR.
#[test]
fn gnu_parallel_stops_the_shards_once_the_merged_sprt_decides() {
    let why_not = which("parallel")
        .is_none()
        .then(|| "no parallel (apt-get install parallel)".to_owned());
    if !available("NULLMOVE_REQUIRE_PARALLEL", why_not) {
        return;
    }
    let flags = flags_for("uho_4060_v2.sample.epd", "2000");
    let one = one_process_sprt();
    let dir = std::env::temp_dir().join(format!("nullmove-parallel-sprt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(root().join("batch/parallel/match.sh"))
        .args(["--sprt", "0,40", "3", "3"])
        .args(flags)
        .current_dir(&dir)
        .env("NULLMOVE", env!("CARGO_BIN_EXE_nullmove"))
        .env("NULLMOVE_SPRT_POLL", "0.2")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("match.json")).unwrap()).unwrap();
    assert_eq!(merged["ending"], "sprt");
    for key in ["pairs_played", "pentanomial"] {
        assert_eq!(merged[key], one[key], "{key}");
    }
    assert_eq!(merged["sprt"]["llr"], one["sprt"]["llr"]);
    // Stopped: the shards hold fewer than the 2,000 pairs (the whole book: time enough for the
    // poller to stop them however fast the machine), each a whole document.
    let played: u64 = (0..3)
        .map(|i| {
            let text = std::fs::read_to_string(dir.join(format!("shard-{i}.json"))).unwrap();
            let doc: Value = serde_json::from_str(&text).expect("a whole shard document");
            doc["pairs_played"].as_u64().unwrap()
        })
        .sum();
    assert!(played < 2000, "{played} pairs: the shards were not stopped");
    assert!(!String::from_utf8_lossy(&out.stdout).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_kubernetes_manifests_are_valid_jobs() {
    let validator = which("kubernetes-validate");
    let why_not = validator
        .is_none()
        .then(|| "no kubernetes-validate (pip install kubernetes-validate)".to_owned());
    let (true, Some(validator)) = (
        available("NULLMOVE_REQUIRE_KUBERNETES_VALIDATE", why_not),
        validator,
    ) else {
        return;
    };
    let folder = root().join("batch/kubernetes");
    let manifests = ["match.yaml", "merge.yaml", "sprt.yaml", "pvc.yaml"].map(|m| folder.join(m));
    let out = Command::new(&validator)
        .arg("--strict")
        .args(&manifests)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert_eq!(
        text.matches(" passed for resource job/").count(),
        3,
        "{text}"
    );
    assert!(
        text.contains(" passed for resource persistentvolumeclaim/nullmove-results"),
        "{text}"
    );
    // The program is exec'd (SIGTERM reaches it, not a shell as PID 1), and a refused run
    // (exit status 2) fails its index instead of being tried again.
    for manifest in &manifests[..2] {
        let text = std::fs::read_to_string(manifest).unwrap();
        assert!(text.contains("exec nullmove"), "{}", manifest.display());
    }
    let job = std::fs::read_to_string(&manifests[0]).unwrap();
    assert!(
        job.contains("action: FailIndex") && job.contains("values: [2]"),
        "{job}"
    );
    // The validator refuses what the Job schema does not have: a misspelt field.
    let dir = std::env::temp_dir().join(format!("nullmove-kubernetes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("match.yaml");
    let manifest = std::fs::read_to_string(&manifests[0]).unwrap();
    assert!(manifest.contains("backoffLimitPerIndex"));
    std::fs::write(
        &bad,
        manifest.replace("backoffLimitPerIndex", "backoffLimitPerIndx"),
    )
    .unwrap();
    let out = Command::new(&validator)
        .arg("--strict")
        .arg(&bad)
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A command's stderr as text.
fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `submit.sh` takes `--book` from the folder it is run in and hands the jobs an absolute
/// path, or refuses at once a book it cannot see; a stand-in `sbatch` records what it is
/// given, so no cluster is needed.
#[test]
fn submit_hands_the_jobs_the_books_absolute_path_or_refuses_at_once() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("submit_book");
    let _ = std::fs::remove_dir_all(&dir);
    let (bin, work) = (dir.join("bin"), dir.join("work"));
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&work).unwrap();
    let sbatch = bin.join("sbatch");
    std::fs::write(
        &sbatch,
        "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$(dirname \"$0\")/calls\"\necho 7\n",
    )
    .unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&sbatch)
        .status()
        .unwrap();
    std::fs::copy(
        root().join("arena/data/books/noob_3moves.sample.epd"),
        work.join("book.epd"),
    )
    .unwrap();
    let submit = |book: &str| {
        Command::new(root().join("batch/slurm/submit.sh"))
            .current_dir(&work)
            .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
            .args(["2", "--players", "r3,none", "--book", book, "--pairs", "2"])
            .output()
            .unwrap()
    };
    let out = submit("book.epd");
    assert!(out.status.success(), "{}", stderr(&out));
    let calls = std::fs::read_to_string(bin.join("calls")).unwrap();
    let absolute = work.join("book.epd").canonicalize().unwrap();
    assert!(
        calls.lines().any(|l| l == absolute.to_str().unwrap()),
        "{calls}"
    );
    assert!(!calls.lines().any(|l| l == "book.epd"), "{calls}");
    let out = submit("missing.epd");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no book missing.epd"),
        "{}",
        stderr(&out)
    );
}
