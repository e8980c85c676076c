//! A player as the command line names it: `r3[:Option=value...]` (our engine in process,
//! with our UCI options), `uci:r3[:Option=value...]` (our engine through `nullmove uci`),
//! `uci:PATH[:Option=value...]` (any UCI engine).

use std::path::{Path, PathBuf};

use nullmove_optimized::Guards;

use super::{InProcess, Player, PlayerError, UciPlayer};
use crate::uci::Settings;

/// How a player runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Program {
    /// Our engine in this process, under a configuration and the options its name set
    /// (as `nullmove uci` would take them).
    InProcess(Settings),
    /// A UCI engine: a program, its arguments, and the options set after `uci`.
    Uci {
        /// The program, as given (a bare name is looked up in `PATH`).
        path: PathBuf,
        /// Its arguments (`uci` for `nullmove`).
        args: Vec<String>,
        /// `setoption name N value V`, in order.
        options: Vec<(String, String)>,
    },
}

/// A player of a match, parsed from its name on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The name as given, which the results and the PGN use.
    pub name: String,
    /// The null-move configuration, for our engine (in process or through UCI).
    pub configuration: Option<String>,
    /// How it runs.
    pub program: Program,
}

impl PlayerSpec {
    /// Reads a player: a configuration name (our engine in process), `uci:NAME` with a
    /// configuration name (our engine through `nullmove uci`, the program `nullmove`, given
    /// as `nullmove`, since only the caller knows where it is), or `uci:PATH` followed by
    /// `:Option=value` settings (`uci:/usr/games/stockfish:UCI_Elo=1900`). A program whose
    /// name is a configuration's is written with a folder: `uci:stockfish` is our engine under
    /// the `stockfish` configuration, `uci:/usr/games/stockfish` the Stockfish program.
    ///
    /// # Example
    /// ```
    /// use nullmove_arena::{PlayerSpec, Program};
    /// let p = PlayerSpec::parse("uci:/usr/games/stockfish:Threads=1:UCI_Elo=1900", None).unwrap();
    /// let Program::Uci { path, options, .. } = &p.program else { panic!() };
    /// assert_eq!(path.to_str(), Some("/usr/games/stockfish"));
    /// assert_eq!(options[1], ("UCI_Elo".to_owned(), "1900".to_owned()));
    /// assert!(PlayerSpec::parse("r3", None).unwrap().configuration.is_some());
    /// assert!(PlayerSpec::parse("r4", None).unwrap_err().contains("none, r2, r3"));
    /// ```
    pub fn parse(text: &str, nullmove: Option<&Path>) -> Result<Self, String> {
        let bad = |why: String| format!("player {text:?}: {why}");
        let Some(rest) = text.strip_prefix("uci:") else {
            return Self::in_process(text);
        };
        let (program, mut options) = program_and_options(rest).map_err(bad)?;
        if program.is_empty() {
            return Err(bad("no program after uci:".to_owned()));
        }
        if Guards::preset(program).is_err() {
            return Ok(Self {
                name: text.to_owned(),
                configuration: None,
                program: Program::Uci {
                    path: PathBuf::from(program),
                    args: Vec::new(),
                    options,
                },
            });
        }
        let nullmove =
            nullmove.ok_or_else(|| {
                bad("our engine through UCI needs the nullmove program, which this caller does not \
                 name"
                .to_owned())
            })?;
        if options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("NullMove"))
        {
            return Err(bad(format!(
                "the configuration is {program}: a NullMove option would contradict it"
            )));
        }
        let ours = OUR_OPTIONS;
        if let Some((n, _)) = options
            .iter()
            .find(|(n, _)| !ours.iter().any(|o| o.eq_ignore_ascii_case(n)))
        {
            return Err(bad(format!(
                "uci:{program} is our engine (nullmove uci) under the configuration {program}, \
                 which has no option {n:?} (only {}); a program of that name is given by \
                 its path, e.g. uci:/usr/games/{program}",
                OUR_OPTIONS.join(", ")
            )));
        }
        options.insert(0, ("NullMove".to_owned(), program.to_owned()));
        Ok(Self {
            name: text.to_owned(),
            configuration: Some(program.to_owned()),
            program: Program::Uci {
                path: nullmove.to_owned(),
                args: vec!["uci".to_owned()],
                options,
            },
        })
    }

    /// Our engine in process: a configuration name, then `:Option=value` settings of our
    /// UCI options, applied as `nullmove uci` applies them (`r3:LateMoveReductions=true`).
    fn in_process(text: &str) -> Result<Self, String> {
        let bad = |why: String| format!("player {text:?}: {why}");
        let (name, options) = program_and_options(text).map_err(bad)?;
        let guards = Guards::preset(name).map_err(|e| {
            bad(format!(
                "{e}; or uci:PATH[:Option=value...] for a UCI engine"
            ))
        })?;
        let mut settings = Settings {
            guards,
            ..Settings::default()
        };
        for (option, value) in &options {
            if option.eq_ignore_ascii_case("NullMove") {
                return Err(bad(format!(
                    "the configuration is {name}: a NullMove option would contradict it"
                )));
            }
            settings.set(option, Some(value)).map_err(bad)?;
        }
        Ok(Self {
            name: text.to_owned(),
            configuration: Some(name.to_owned()),
            program: Program::InProcess(settings),
        })
    }

    /// The command line that starts a UCI player (`None` in process).
    #[must_use]
    pub fn command(&self) -> Option<String> {
        match &self.program {
            Program::InProcess(_) => None,
            Program::Uci { path, args, .. } => {
                let mut words = vec![path.display().to_string()];
                words.extend(args.iter().cloned());
                Some(words.join(" "))
            }
        }
    }

    /// The options a UCI player is given, in order.
    #[must_use]
    pub fn options(&self) -> &[(String, String)] {
        match &self.program {
            Program::InProcess(_) => &[],
            Program::Uci { options, .. } => options,
        }
    }

    /// Starts the player: a thinker of its own, or the engine's process after its
    /// handshake (`uci`, the options, `isready`).
    pub fn start(&self) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match &self.program {
            Program::InProcess(settings) => Box::new(InProcess::with_settings(settings)),
            Program::Uci {
                path,
                args,
                options,
            } => Box::new(UciPlayer::start(&self.name, path, args, options)?),
        })
    }
}

/// The options our engine takes beside `NullMove`, which a player's name sets.
const OUR_OPTIONS: [&str; 11] = [
    "NullMinDepth",
    "Hash",
    "Move Overhead",
    "Threads",
    "CheckExtension",
    "LateMoveReductions",
    "QuiescenceSEE",
    "ReverseFutility",
    "Futility",
    "LateMovePruning",
    "SeePruning",
];

/// `setoption` pairs, name and value, in order.
type OptionPairs = Vec<(String, String)>;

/// `PROGRAM:Option=value:...` split into the program and its settings, each trimmed.
fn program_and_options(text: &str) -> Result<(&str, OptionPairs), String> {
    let mut parts = text.split(':');
    let program = parts.next().unwrap_or_default();
    let mut options = Vec::new();
    for part in parts {
        let (name, value) = part
            .split_once('=')
            .filter(|(n, _)| !n.trim().is_empty())
            .ok_or_else(|| format!("{part:?} is not Option=value"))?;
        options.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    Ok((program, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_engine_through_uci_is_nullmove_uci_with_its_configuration() {
        let p = PlayerSpec::parse("uci:none:Hash=8", Some(Path::new("/bin/nullmove"))).unwrap();
        assert_eq!(p.command().as_deref(), Some("/bin/nullmove uci"));
        assert_eq!(p.configuration.as_deref(), Some("none"));
        assert_eq!(
            p.options(),
            [
                ("NullMove".to_owned(), "none".to_owned()),
                ("Hash".to_owned(), "8".to_owned())
            ]
        );
        assert!(
            PlayerSpec::parse("uci:r3", None)
                .unwrap_err()
                .contains("nullmove program")
        );
        let e = PlayerSpec::parse("uci:r3:NullMove=none", Some(Path::new("n"))).unwrap_err();
        assert!(e.contains("contradict"));
        let e = PlayerSpec::parse("uci:stockfish:UCI_Elo=1900", Some(Path::new("n"))).unwrap_err();
        assert!(e.contains("uci:/usr/games/stockfish"), "{e}");
        let p = PlayerSpec::parse("uci:/usr/games/stockfish:UCI_Elo=1900", None).unwrap();
        assert_eq!(p.configuration, None);
    }

    #[test]
    fn our_engine_in_process_takes_our_options() {
        let p = PlayerSpec::parse("r3:LateMoveReductions=true:CheckExtension=true", None).unwrap();
        let Program::InProcess(settings) = p.program else {
            panic!("in process")
        };
        assert_eq!(settings.guards, Guards::R3);
        assert!(settings.search.late_move_reductions() && settings.search.check_extension());
        assert_eq!(p.configuration.as_deref(), Some("r3"));
        let e = PlayerSpec::parse("r3:LateMoveReductions=maybe", None).unwrap_err();
        assert!(e.contains("true or false"), "{e}");
        let e = PlayerSpec::parse("r3:NullMove=none", None).unwrap_err();
        assert!(e.contains("contradict"), "{e}");
        let p = PlayerSpec::parse("uci:r3:CheckExtension=true", Some(Path::new("n"))).unwrap();
        assert_eq!(
            p.options()[1],
            ("CheckExtension".to_owned(), "true".to_owned())
        );
    }

    #[test]
    fn bad_players_say_why() {
        for (text, why) in [
            ("uci:", "no program"),
            ("uci::Hash=1", "no program"),
            ("uci:sf:Hash", "\"Hash\" is not Option=value"),
            ("uci:sf:=3", "is not Option=value"),
            ("", "none, r2"),
            ("komodo", "uci:PATH"),
        ] {
            let e = PlayerSpec::parse(text, None).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
        let p = PlayerSpec::parse("uci:./r3", None).unwrap();
        assert_eq!(p.configuration, None);
    }
}
