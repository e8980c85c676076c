"""`nullmove uci` driven by python-chess, a client nobody here wrote.

Usage: python uci_clients.py ENGINE CHECK [SEED]

CHECK is one of:
  multipv    analyse with MultiPV 3: three distinct lines, ranked, each its own multipv
  chess960   Chess960 games in which each side castles, king-side and queen-side, to a
             legal end (python-chess checks every move and writes castling king-takes-rook)
  lichess    lichess-bot's default engine options (config.yml.default's uci_options:
             Move Overhead 100, Threads 2, Hash 256; ponder: true), then moves on a clock
  streams    seeded random command streams on the raw pipe: every option, every go kind,
             stop and ponderhit at random moments; every bestmove legal, nothing hangs

Prints one line per finding and exits 0, or prints the failure and exits 1.
"""

import queue
import random
import subprocess
import sys
import threading
import time

import chess
import chess.engine

LIMIT = chess.engine.Limit


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def check_multipv(path):
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        if "MultiPV" not in engine.options:
            fail("no MultiPV option")
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = engine.analyse(board, LIMIT(depth=5), multipv=3)
        if len(infos) != 3:
            fail(f"{len(infos)} lines, expected 3")
        firsts = [info["pv"][0] for info in infos]
        if len(set(firsts)) != 3:
            fail(f"first moves not distinct: {firsts}")
        ranks = [info.get("multipv") for info in infos]
        if ranks != [1, 2, 3]:
            fail(f"ranks {ranks}")
        scores = [info["score"].relative.score(mate_score=100000) for info in infos]
        if scores != sorted(scores, reverse=True):
            fail(f"not ranked: {scores}")
        for info in infos:
            b = board.copy()
            for mv in info["pv"]:
                if mv not in b.legal_moves:
                    fail(f"illegal {mv} in line {info['pv']}")
                b.push(mv)
        print(f"multipv 3: {[m.uci() for m in firsts]} at {scores} cp")


def castling_kind(board, move):
    """'O-O' or 'O-O-O' when `move` castles, else None."""
    if not board.is_castling(move):
        return None
    return "O-O" if board.is_kingside_castling(move) else "O-O-O"


def play_960(engine, board, wanted, rng):
    """Plays `board` to its end; `wanted` maps a colour to the castling it must play, which
    is asked of the engine with searchmoves as soon as it is legal. Returns the castlings."""
    played = []
    plies = 0
    while not board.is_game_over(claim_draw=True):
        plies += 1
        if plies > 800:
            fail(f"no end after 800 plies: {board.fen()}")
        turn = board.turn
        kind = wanted.get(turn)
        castles = [m for m in board.legal_moves if castling_kind(board, m) == kind]
        roots = castles[:1] if kind and castles else None
        result = engine.play(board, LIMIT(nodes=rng.choice([300, 1500, 4000])), root_moves=roots)
        mv = result.move
        if mv is None or mv not in board.legal_moves:
            fail(f"illegal bestmove {mv} in {board.fen()}")
        if roots and mv != roots[0]:
            fail(f"searchmoves {roots[0]} ignored: {mv} in {board.fen()}")
        done = castling_kind(board, mv)
        if done:
            played.append((turn, done))
            wanted.pop(turn, None)
        board.push(mv)
    return played, board.outcome(claim_draw=True), plies


def check_chess960(path):
    rng = random.Random(960)
    seen = set()
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        if "UCI_Chess960" not in engine.options:
            fail("no UCI_Chess960 option")
        # Kings between rooks with the back rank half empty, so that castling comes early;
        # the second has the king on c1, whose queen-side castling leaves it where it stands.
        starts = [
            ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", {True: "O-O-O", False: "O-O"}),
            ("1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1", {True: "O-O", False: "O-O-O"}),
        ]
        for fen, wanted in starts:
            board = chess.Board(fen, chess960=True)
            played, outcome, plies = play_960(engine, board, dict(wanted), rng)
            for colour, kind in wanted.items():
                if (colour, kind) not in played:
                    fail(f"{'White' if colour else 'Black'} never played {kind} from {fen}")
            seen.update(played)
            print(f"chess960 {fen.split()[0]}: {played}, {outcome.termination.name} "
                  f"after {plies} plies")
        # A position of the 960 drawn by seed, castling left to the engine.
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        played, outcome, plies = play_960(engine, board, {}, rng)
        print(f"chess960 #{board.root().fen()}: {outcome.termination.name} after {plies} plies")
    kinds = {kind for _, kind in seen}
    colours = {colour for colour, _ in seen}
    if kinds != {"O-O", "O-O-O"} or colours != {True, False}:
        fail(f"castlings played: {seen}")


def check_lichess(path):
    # lichess-bot's config.yml.default, engine.uci_options, and engine.ponder: true.
    options = {"Move Overhead": 100, "Threads": 2, "Hash": 256}
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        try:
            engine.configure(options)
        except chess.engine.EngineError as e:
            fail(f"lichess-bot's default options refused: {e}")
        board = chess.Board()
        clock = {chess.WHITE: 3.0, chess.BLACK: 3.0}
        for _ in range(12):
            started = time.monotonic()
            result = engine.play(
                board,
                LIMIT(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                      white_inc=0.05, black_inc=0.05),
                ponder=True,
            )
            clock[board.turn] -= time.monotonic() - started - 0.05
            if result.move not in board.legal_moves:
                fail(f"illegal {result.move} in {board.fen()}")
            board.push(result.move)
            if board.is_game_over():
                break
        print(f"lichess-bot options {options} set; {len(board.move_stack)} moves played "
              f"pondering, clocks left {clock[True]:.2f} s and {clock[False]:.2f} s")


class Pipe:
    """The engine on a raw pipe: lines written, lines read on a thread of their own."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path, "uci"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done, within, seen):
        end = time.monotonic() + within
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                fail(f"hang: nothing matched within {within} s; last lines {seen[-5:]}")
            if line is None:
                fail("the engine ended")
            seen.append(line)
            if done(line):
                return line


GOS = ["go depth {d}", "go nodes {n}", "go movetime {t}",
       "go wtime {w} btime {w} winc {i} binc {i}", "go infinite", "go ponder",
       "go ponder wtime {w} btime {w}", "go depth {d} searchmoves {moves}"]
OPTIONS = ["NullMove value r2", "NullMove value verified", "NullMove value nonesuch",
           "Hash value 1", "Hash value 0", "Hash value 99999", "Move Overhead value 0",
           "Move Overhead value 5001", "MultiPV value 1", "MultiPV value 4", "MultiPV value 0",
           "Ponder value true", "Ponder value false", "UCI_Chess960 value true",
           "UCI_Chess960 value false", "Threads value 1", "NoSuchOption value 3"]


def check_streams(path, seed):
    rng = random.Random(seed)
    pipe = Pipe(path)
    seen = []
    pipe.send("uci")
    pipe.until(lambda l: l == "uciok", 10, seen)
    chess960 = False
    answered = 0
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline:
        for _ in range(rng.randrange(3)):
            option = rng.choice(OPTIONS)
            pipe.send("setoption name " + option)
            if option.startswith("UCI_Chess960"):
                chess960 = option.endswith("true")
        if rng.random() < 0.2:
            pipe.send("ucinewgame")
        # A Chess960 start (written as Shredder-FEN, castling king-takes-rook, as python-chess
        # writes them) in that mode, the standard one otherwise; then a random playout.
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        for _ in range(rng.randrange(40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        root = board.root()
        fen = root.fen(shredder=chess960)
        played = board_uci(root, board.move_stack, chess960)
        pipe.send(f"position fen {fen}" + (" moves " + " ".join(played) if played else ""))
        legal = list(board.legal_moves)
        listed = rng.sample(legal, min(len(legal), 3))
        go = rng.choice(GOS).format(
            d=rng.randint(1, 4), n=rng.randint(1, 5000), t=rng.randint(0, 30),
            w=rng.randint(0, 300), i=rng.randint(0, 20),
            moves=" ".join(board.uci(m, chess960=chess960) for m in listed) or "e2e4")
        pipe.send(go)
        if rng.random() < 0.3:
            pipe.send("isready")
        time.sleep(rng.random() * 0.03)
        if "infinite" in go or "ponder" in go or rng.random() < 0.3:
            hit = "ponder" in go and rng.random() < 0.5
            pipe.send("ponderhit" if hit else "stop")
            if hit and go == "go ponder":
                # Played, a ponder search without limits goes on as `go infinite` would.
                time.sleep(rng.random() * 0.03)
                pipe.send("stop")
        seen.append(f"(sent {go})")
        answer = pipe.until(lambda l: l.startswith("bestmove "), 10, seen)
        words = answer.split()
        if not legal:
            if words[1] != "0000":
                fail(f"{answer} in a finished game {board.fen()}")
        else:
            mv = board.parse_uci(words[1])
            if mv not in board.legal_moves:
                fail(f"illegal {answer} after {go} in {board.fen()}")
            if "searchmoves" in go and mv not in listed:
                fail(f"{answer} is not among {go} in {board.fen()}; {[l for l in seen[-12:] if l.startswith('info string') or l.startswith('(')]}")
            if chess960 and board.is_castling(mv) and board.piece_at(mv.to_square) is None:
                fail(f"{answer}: castling not king-takes-rook under UCI_Chess960")
        answered += 1
        # Whatever came before, the engine still answers.
        pipe.send("isready")
        pipe.until(lambda l: l == "readyok", 10, seen)
    pipe.send("quit")
    pipe.proc.wait(timeout=10)
    print(f"streams seed {seed}: {answered} searches answered legally, none hung")


def board_uci(root, moves, chess960):
    b = root.copy()
    out = []
    for m in moves:
        out.append(b.uci(m, chess960=chess960))
        b.push(m)
    return out


def main():
    path, check = sys.argv[1], sys.argv[2]
    if check == "multipv":
        check_multipv(path)
    elif check == "chess960":
        check_chess960(path)
    elif check == "lichess":
        check_lichess(path)
    elif check == "streams":
        check_streams(path, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    else:
        fail(f"unknown check {check!r}")


if __name__ == "__main__":
    main()
