//! A one-node Slurm cluster of the test's own, as root without systemd: in a scratch folder,
//! its own munge key and `munged` on its own socket, its own `slurm.conf` (free ports, state
//! and spool folders in the scratch folder), then `slurmctld` and `slurmd` in the foreground.
//! Every process of the cluster carries one environment variable naming the scratch folder
//! (the daemons, the jobs and what they run) or holds a file open in it (the job steps,
//! `slurmstepd`, which overwrite their environment with their title), so that dropping the
//! cluster, on success or on a panic, kills every one of them, and [`survivors`] shows none
//! is left.

use std::fmt::Write as _;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The variable every process of a test cluster carries: its scratch folder.
const MARK: &str = "NULLMOVE_TEST_CLUSTER";

/// The longest a daemon lives, even if the test process itself is killed and never drops
/// the cluster (`timeout` ends it).
const LEASH: &str = "300";

/// The programs the cluster needs (Debian's `munge`, `slurmctld`, `slurmd`, `slurm-client`).
const PROGRAMS: [&str; 7] = [
    "munged",
    "slurmctld",
    "slurmd",
    "sbatch",
    "sinfo",
    "squeue",
    "scontrol",
];

/// A running one-node cluster; dropped, every process of it is killed.
pub struct Cluster {
    dir: PathBuf,
    daemons: Vec<Child>,
}

/// Why a cluster cannot start here: a program missing or not root.
pub fn unavailable() -> Option<String> {
    if let Some(p) = PROGRAMS.iter().find(|p| which(p).is_none()) {
        return Some(format!(
            "no {p} (apt-get install munge slurmctld slurmd slurm-client)"
        ));
    }
    let uid = Command::new("id").arg("-u").output().ok()?;
    (String::from_utf8_lossy(&uid.stdout).trim() != "0")
        .then(|| "not root: slurmd runs jobs as root here".to_owned())
}

/// The path of `program` on `PATH`.
pub fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

impl Cluster {
    /// Starts a cluster in a new scratch folder named after `name`, its node idle on return.
    pub fn start(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("nullmove-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["state", "spool", "work"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let mut cluster = Self {
            dir,
            daemons: Vec::new(),
        };
        cluster.write_key();
        std::fs::write(cluster.conf(), cluster.conf_text()).unwrap();
        let socket = cluster.dir.join("munge.sock");
        let munged = cluster.daemon("munged", |c| {
            c.args(["--foreground", "--force", "--num-threads=2"])
                .arg(format!("--socket={}", socket.display()));
            for (flag, file) in [
                ("key-file", "munge.key"),
                ("pid-file", "munged.pid"),
                ("seed-file", "munged.seed"),
                ("log-file", "munged.log"),
            ] {
                c.arg(format!("--{flag}={}", cluster.dir.join(file).display()));
            }
        });
        cluster.daemons.push(munged);
        cluster.wait_for("munged's socket", || socket.exists());
        let conf = cluster.conf();
        for program in ["slurmctld", "slurmd"] {
            let child = cluster.daemon(program, |c| {
                c.arg("-D").arg("-f").arg(&conf);
            });
            cluster.daemons.push(child);
        }
        cluster.wait_for("the node to be idle", || {
            cluster
                .command("sinfo")
                .args(["-h", "-o", "%T"])
                .output()
                .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        cluster
    }

    /// The folder jobs are submitted from.
    pub fn work(&self) -> PathBuf {
        self.dir.join("work")
    }

    /// The scratch folder, by which [`survivors`] knows the cluster's processes.
    pub fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// `program` as a client of this cluster, in its work folder, its processes marked.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.current_dir(self.work())
            .env("SLURM_CONF", self.conf())
            .env(MARK, &self.dir)
            .stdin(Stdio::null());
        c
    }

    /// Waits until no job is queued or running, then returns `scontrol show job`'s one line
    /// for each job still known (every job of the test: finished ones are kept 300 s).
    pub fn wait_for_jobs(&self) -> Vec<String> {
        self.wait_for("every job to end", || {
            self.command("squeue")
                .arg("-h")
                .output()
                .is_ok_and(|o| o.status.success() && o.stdout.is_empty())
        });
        let out = self
            .command("scontrol")
            .args(["-o", "show", "job"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// The tails of the daemons' logs and of the jobs' output, for a failure's message.
    pub fn logs(&self) -> String {
        let mut text = String::new();
        let mut files: Vec<PathBuf> = ["slurmctld.log", "slurmd.log", "munged.log"]
            .iter()
            .map(|f| self.dir.join(f))
            .collect();
        files.extend(
            std::fs::read_dir(self.work())
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "log")),
        );
        for file in files {
            let content = std::fs::read_to_string(&file).unwrap_or_default();
            let lines: Vec<&str> = content.lines().collect();
            let tail = lines[lines.len().saturating_sub(15)..].join("\n");
            let _ = writeln!(text, "== {}\n{tail}", file.display());
        }
        text
    }

    /// The pids of the daemons started (munged, slurmctld, slurmd, each under `timeout`).
    pub fn daemon_pids(&self) -> Vec<u32> {
        self.daemons.iter().map(Child::id).collect()
    }

    fn conf(&self) -> PathBuf {
        self.dir.join("slurm.conf")
    }

    /// A key of 1,024 random bytes, read by the owner only, as munged requires.
    fn write_key(&self) {
        let key = self.dir.join("munge.key");
        let status = Command::new("sh")
            .arg("-c")
            .arg("head -c 1024 /dev/urandom > \"$1\" && chmod 400 \"$1\"")
            .arg("sh")
            .arg(&key)
            .status()
            .unwrap();
        assert!(status.success(), "cannot write {}", key.display());
    }

    /// `slurm.conf`: `batch/slurm/slurm.conf.example`, the file the docs ship, for this
    /// host as the one node (its name as `hostname -s` gives it), on two free ports, with
    /// this cluster's scratch folder; the node declares 8 CPUs, more than the machine has,
    /// so that the tests' four 2-CPU tasks run at once.
    fn conf_text(&self) -> String {
        let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
        let host = name.trim().split('.').next().unwrap_or_default().to_owned();
        let [ctld, slurmd] = free_ports();
        include_str!("../../../../batch/slurm/slurm.conf.example")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .fold(String::new(), |text, l| text + l + "\n")
            .replace("@HOST@", &host)
            .replace("@DIR@", &self.dir.display().to_string())
            .replace("@CTLD_PORT@", &ctld.to_string())
            .replace("@SLURMD_PORT@", &slurmd.to_string())
    }

    /// Starts `program` in the foreground under `timeout`, marked, its output in the
    /// scratch folder.
    fn daemon(&self, program: &str, args: impl FnOnce(&mut Command)) -> Child {
        let out = std::fs::File::create(self.dir.join(format!("{program}.out"))).unwrap();
        let mut c = Command::new("timeout");
        c.arg(LEASH).arg(program);
        args(&mut c);
        c.env("SLURM_CONF", self.conf())
            .env(MARK, &self.dir)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out);
        c.spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"))
    }

    /// Polls `ready` until it holds; a minute without is a failure, with the logs.
    fn wait_for(&self, what: &str, mut ready: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !ready() {
            assert!(
                Instant::now() < deadline,
                "waited a minute for {what}\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Cluster {
    /// Kills every process of the cluster until none is left (the daemons' own processes
    /// first, so that each `timeout` above them reaps them), then the `timeout`s, reaped
    /// here, and removes the scratch folder.
    fn drop(&mut self) {
        let ours = self.daemon_pids();
        for _ in 0..50 {
            let left: Vec<u32> = survivors(&self.dir)
                .into_iter()
                .map(|(pid, _)| pid)
                .filter(|pid| !ours.contains(pid))
                .collect();
            if left.is_empty() {
                break;
            }
            for pid in left {
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .stderr(Stdio::null())
                    .status();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        for daemon in &mut self.daemons {
            let _ = daemon.kill();
            let _ = daemon.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The live processes of the cluster in `dir`, with their command lines: those whose
/// environment marks them, and those with a file open in `dir`. Not this test binary nor
/// its copies: a process another test of the binary is starting runs the binary itself
/// between its fork and its exec, holding every file the binary has open, and is neither
/// the cluster's nor to be killed.
pub fn survivors(dir: &Path) -> Vec<(u32, String)> {
    let mark = format!("{MARK}={}", dir.display());
    let ours = std::env::current_exe().ok();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let marked = std::fs::read(entry.path().join("environ"))
            .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == mark.as_bytes()));
        let holds_a_file = || {
            std::fs::read_dir(entry.path().join("fd"))
                .into_iter()
                .flatten()
                .flatten()
                .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|to| to.starts_with(dir)))
        };
        let this_binary =
            ours.is_some() && std::fs::read_link(entry.path().join("exe")).ok() == ours;
        if !this_binary && (marked || holds_a_file()) {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push((pid, String::from_utf8_lossy(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// Whether process `pid` is alive (a zombie, dead but not yet reaped, is not).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

/// Two TCP ports free on the loopback now (both held while the second is found, so they
/// differ).
fn free_ports() -> [u16; 2] {
    let bind = || TcpListener::bind("127.0.0.1:0").unwrap();
    let held = [bind(), bind()];
    held.map(|l| l.local_addr().unwrap().port())
}
