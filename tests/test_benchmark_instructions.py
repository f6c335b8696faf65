"""The instruction-count benchmark's own machinery (``benchmarks/instructions.py``): reading
cachegrind's totals, a side's count per call, the table, and a child process's calls."""

from __future__ import annotations

from pathlib import Path

from benchmarks import instructions


def test_summary_reads_every_event(tmp_path: Path) -> None:
    out = tmp_path / "cg.out"
    out.write_text("desc: I1 cache: 32768 B, 64 B, 8-way associative\ncmd: python x.py\n"
                   "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw\nfl=a.c\nfn=f\n"
                   "1 5 0 0 2 0 0 1 0 0\nsummary: 1100 51 17 300 94 6 160 14 3\n")
    assert instructions._summary(out) == {"Ir": 1100, "I1mr": 51, "ILmr": 17, "Dr": 300,
                                          "D1mr": 94, "DLmr": 6, "Dw": 160, "D1mw": 14,
                                          "DLmw": 3}


def test_per_call_subtracts_the_no_call_process() -> None:
    totals = {"none": {"Ir": 1000}, "arraykit": {"Ir": 1300}, "native": {"Ir": 1400}}
    rec = instructions.per_call("torch", "vision", 10, totals)
    assert rec["arraykit"] == {"Ir": 30.0} and rec["native"] == {"Ir": 40.0}


def test_markdown_shows_the_difference_and_the_timed_figure() -> None:
    rec = instructions.per_call("torch", "vision", 2, {
        "none": {"Ir": 0, "D1mr": 0, "D1mw": 0, "DLmr": 0, "DLmw": 0},
        "arraykit": {"Ir": 2_000_000, "D1mr": 2000, "D1mw": 0, "DLmr": 20, "DLmw": 0},
        "native": {"Ir": 2_100_000, "D1mr": 3000, "D1mw": 0, "DLmr": 40, "DLmw": 0}})
    meta = {"date": "d", "valgrind": "valgrind-3.19.0", "python": "3.11", "calls": 2,
            "versions": "torch 2.13.0", "version_of": {"torch": "2.13.0"}}
    text = instructions.markdown([rec], meta, {("torch", "2.13.0", "vision"): 2.58})
    row = next(line for line in text.splitlines() if line.startswith("| vision"))
    assert row == ("| vision | torch | 1.050 M | 1.000 M | -50,000 (-4.76%) | +2.58% |"
                   " 1.0 / 1.5 | 0.01 / 0.02 |")


def test_a_child_makes_its_calls_after_warming_both_sides(monkeypatch) -> None:
    # numpy's kalman cell, built as the study builds it (no valgrind needed to run a child),
    # its two sides counted
    from benchmarks.overhead import cases

    made: dict[str, int] = {}
    build = cases.build_case

    def counted_case(*args, **kwargs):
        case = build(*args, **kwargs)
        for side, fn in (("arraykit", case.arraykit), ("native", case.native_timed or case.native)):
            def counted(fn=fn, side=side):
                made[side] = made.get(side, 0) + 1
                return fn()
            setattr(case, side if side == "arraykit" else "native_timed", counted)
        return case

    monkeypatch.setattr(cases, "build_case", counted_case)
    for side, calls, want in (("arraykit", 2, {"arraykit": 5, "native": 3}),
                              ("native", 4, {"arraykit": 3, "native": 7}),
                              ("native-again", 1, {"arraykit": 3, "native": 4}),
                              ("none", 0, {"arraykit": 3, "native": 3})):
        made.clear()
        instructions.child("numpy", "kalman", side, calls)
        assert made == want, side
