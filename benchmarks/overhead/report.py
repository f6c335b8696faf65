"""The report: ``overhead.md`` and ``overhead.png`` from every results file present."""

from __future__ import annotations

import json
from pathlib import Path

from .cases import CELL_TARGET_PCT, TARGET_PCT, meets_target, own_target_pct
from .inputs import WORKLOADS
from .threads import CLOCK_NAMES


def load_results(results_dir: Path, quick: bool = False) -> list[dict]:
    """Every results document in ``results_dir`` of the given kind (full or quick)."""
    docs = []
    for path in sorted(results_dir.glob("*.json")):
        if path.name.endswith(".quick.json") != quick:
            continue
        try:
            docs.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
    docs.sort(key=lambda d: d.get("device", "cpu") != "cpu")  # CPU first, stable
    return docs


def _fmt_cell(r: dict | None) -> str:
    if r is None:
        return "n/a"
    if r["status"] == "error":
        return "error" + (" (arraykit)" if r.get("error_in_arraykit") else "")
    if r["status"] == "mismatch":
        return "**mismatch**"
    if r["status"] == "checked":
        return "checked"
    if r["status"] == "skipped":
        return "not run"
    med, q1, q3 = r["overhead_median_pct"], r["overhead_q1_pct"], r["overhead_q3_pct"]
    mark = "" if _meets(r) else " ✗"
    ci = f" ±{r['overhead_ci_pct']:.2f}" if "overhead_ci_pct" in r else ""
    return f"{med:+.2f}%{ci} [{q1:+.2f}, {q3:+.2f}]{mark}"


def _fmt_program(r: dict | None) -> str:
    """The compiled program check of a cell: same HLO as native?, and the jit wrapper's own
    cost per call as a share of the native call."""
    if not r or r.get("status") != "ok":
        return ""
    parts = []
    if "same_program" in r:
        what = {"torch": "FX graph", "mlx": "traced MLX graph"}.get(r["framework"],
                                                                  "optimised HLO")
        parts.append(f"same {what}" if r["same_program"] else f"{what} differs"
                     + (f" ({r['program_diff']})" if r.get("program_diff") else ""))
    if "wrapper_s" in r:
        share = 100 * r["wrapper_s"] / r["native_median_s"]
        parts.append(f"wrapper {r['wrapper_s'] * 1e6:.1f} us = {share:.3f}%")
    return "; ".join(parts)


def _meets(r: dict) -> bool:
    """A cell's verdict: an A/A cell's own rule as recorded, a timed cell's ``meets_target``
    (recomputed, so documents timed before a rule changed read by today's rules)."""
    return r["meets_target"] if r.get("aa") else meets_target(r)


#: The upper quartile a cell within its eager target must also stay under (issue 28).
UPPER_QUARTILE_PCT = 2.0


def _target_summary(rows: list[dict]) -> list[str]:
    """The study's cells counted against the targets, with every miss named: eager cells
    (median under the target, and the upper quartile under ``UPPER_QUARTILE_PCT`` for those
    with the 1% target), cells with targets of their own, compiled cells (the same program as
    native, or under the target)."""
    timed = [r for r in rows if r["status"] == "ok" and not r.get("aa")]
    if not timed:
        return []

    def own(r: dict) -> bool:
        return own_target_pct(r["workload"], r["mode"], r["framework"]) is not None

    def name(r: dict) -> str:
        return f"{r['workload']} {_label(r)} {r['overhead_median_pct']:+.2f}%"

    lines = ["## Against the targets", ""]
    groups = (("eager", False, f"Eager cells within {TARGET_PCT['eager']:g}%"),
              ("eager", True, "Cells with targets of their own"),
              ("compiled", None, f"Compiled cells with the same program as native or within "
                                 f"{TARGET_PCT['compiled']:g}%"))
    for mode, own_target, title in groups:
        cells = [r for r in timed if r["mode"] == mode
                 and (own_target is None or own(r) == own_target)]
        if not cells:
            continue
        met = [r for r in cells if _meets(r)]
        missed = [r for r in cells if not _meets(r)]
        line = f"- {title}: **{len(met)} of {len(cells)}**"
        if mode == "eager" and not own_target:
            wide = [r for r in met if r["overhead_q3_pct"] > UPPER_QUARTILE_PCT]
            line += (f"; upper quartile within {UPPER_QUARTILE_PCT:g}% on "
                     f"{len(met) - len(wide)} of those {len(met)}")
            if wide:
                line += " (not: " + ", ".join(f"{r['workload']} {_label(r)} q3 "
                                              f"{r['overhead_q3_pct']:+.2f}%" for r in wide) + ")"
        if missed:
            line += ". Missed: " + ", ".join(
                name(r) + (" (program differs)" if r.get("same_program") is False else "")
                for r in missed)
        lines.append(line + ".")
    return lines + [""]


def _label(r: dict) -> str:
    """Framework and version, and the device where it is not the CPU."""
    device = r.get("device", "cpu")
    return f"{_fw_label(r)}" + ("" if device == "cpu" else f" ({device})")


def _fw_label(r: dict) -> str:
    return f"{r['framework']} {r['version']}"


def _env(d: dict) -> str:
    """A results document's name: its env, with the device where it is not the CPU."""
    device = d.get("device", "cpu")
    return d["env"] + ("" if device == "cpu" else f"-{device}")


def _method(d: dict) -> str:
    """How a results document was timed: the clock, the threads, the order of the blocks
    (documents from before 2026-12-05 hold no "clock": they read the wall clock, frameworks
    on their default threads, rounds of A-B or B-A)."""
    clock = d.get("clock", "wall")
    threads = d.get("threads", 0)
    text = f"{CLOCK_NAMES[clock]}, "
    text += ("frameworks on their default threads" if not threads else
             f"every framework pinned to {threads} thread{'s' * (threads > 1)}")
    if threads and d.get("threads_env_before_import") is False:
        text += " (at run time only: the thread variables were not set before the imports)"
    if d.get("threads_not_pinned"):
        text += f" (not pinned: {', '.join(d['threads_not_pinned'])})"
    if d.get("order") == "ABBA":
        slow_ms = 1e3 * d.get("slow_block_s", 0.05)  # 50 ms in results before 2026-12-06
        text += (f"; rounds of {d.get('cycles', 1)} cycles of blocks A-B-B-A / B-A-A-B "
                 f"(one where a block lasts over {slow_ms:.0f} ms), a side's time in a round "
                 "its best block there")
    else:
        text += "; rounds of blocks A-B / B-A, a side's time in a round its one block"
    if d.get("malloc") == "fixed":
        text += ("; glibc's mmap and trim thresholds fixed at 1 GiB (calls do not page-fault "
                 "by what the process freed before)")
    if d.get("processes", 1) > 1:
        text += (f"; eager cells in {d['processes']} fresh processes per framework, one "
                 "framework per process, a cell's figure the median of the processes' medians")
    return text


def _aa_note(docs: list[dict]) -> list[str]:
    """What an A/A document shows, in place of the study's introduction."""
    if not any(d.get("aa") for d in docs):
        return []
    return ["**A/A check of the method**: the native code timed on both sides, so every "
            "figure below is the method's own error. It resolves 1% when the median is within "
            "+-0.5% and the interquartile range is under 1 point (in several processes: the "
            "median of the process medians within +-0.5% and the half-width of its interval, "
            "±, at most 1 point; ✗ marks a miss).", ""]


def _baseline_note(docs: list[dict]) -> str:
    """What the native side runs, from the documents' ``native_baseline``."""
    old = [_env(d) for d in docs if not d.get("native_baseline")]
    note = ("The native side runs the algorithms arraykit runs inside a call (flat-row "
            "gathers and scatters as `arraykit.ext.nd`, the loop split once as "
            "`arraykit.ext.jit.scan`, the workload's functions; `benchmarks/native/`), so an "
            "overhead measures arraykit's layer, not a different algorithm.")
    if old:
        note += (f" Not so in the results of env {', '.join(f'`{e}`' for e in old)}, measured "
                 "before that change: there the native vision (numpy, torch, jax) and eager "
                 "control (torch, tensorflow) code used slower algorithms (advanced indexing, "
                 "inline temporaries, per-step slicing), which made arraykit look faster.")
    return note


def _compiler(comp: dict | None) -> str:
    compiler = (comp.get("arraykit_compiler") or "") if comp else ""
    if comp and comp.get("arraykit_compilation"):
        compiler += f" -> {comp['arraykit_compilation']}"
    return compiler


def _table(rows: list[dict]) -> list[str]:
    """The overhead table of one device: a row per workload and framework."""
    lines = ["| workload | framework | variant | eager | compiled | arraykit compiler | "
             "compiled program check |",
             "|---|---|---|---|---|---|---|"]
    labels = list(dict.fromkeys(_label(r) for r in rows))
    for w in WORKLOADS:
        for lab in labels:
            cell = {r["mode"]: r for r in rows if r["workload"] == w and _label(r) == lab}
            if not cell:
                continue
            any_r = cell.get("eager") or cell.get("compiled")
            comp = cell.get("compiled")
            size = any_r.get("size", "")
            comp_cell = _fmt_cell(comp)
            if comp and comp.get("size", size) != size:  # e.g. --compiled-steps
                comp_cell += f" ({comp['size']})"
            lines.append(f"| {w} ({size}) | {lab} | {any_r.get('variant', '')} | "
                         f"{_fmt_cell(cell.get('eager'))} | {comp_cell} | {_compiler(comp)} | "
                         f"{_fmt_program(comp)} |")
    return lines


def _device_table(rows: list[dict], devices: list[str]) -> list[str]:
    """The overhead table with the devices side by side: a column per mode and device."""
    cols = [(mode, dev) for mode in ("eager", "compiled") for dev in devices]
    lines = ["| workload | framework | variant | "
             + " | ".join(f"{mode} ({dev})" for mode, dev in cols)
             + " | arraykit compiler | compiled program check |",
             "|---|---|---|" + "---|" * len(cols) + "---|---|"]
    labels = list(dict.fromkeys(_fw_label(r) for r in rows))
    for w in WORKLOADS:
        for lab in labels:
            cell = {(r["mode"], r["device"]): r for r in rows
                    if r["workload"] == w and _fw_label(r) == lab}
            if not cell:
                continue
            any_r = next(iter(cell.values()))
            comp = next((cell[c] for c in cols if c[0] == "compiled" and c in cell), None)
            lines.append(f"| {w} ({any_r.get('size', '')}) | {lab} | "
                         f"{any_r.get('variant', '')} | "
                         + " | ".join(_fmt_cell(cell.get(c)) if c in cell else "" for c in cols)
                         + f" | {_compiler(comp)} | {_fmt_program(comp)} |")
    return lines


def _within(median: float, r: dict) -> bool:
    """Whether one process's median meets the cell's target (an A/A cell: within +-)."""
    if r.get("aa"):
        return abs(median) <= r.get("target_pct", 1.0)
    return meets_target(dict(r, overhead_median_pct=median))


def _process_table(rows: list[dict]) -> list[str]:
    """The cells measured in several processes: each process's median, and how far apart they
    lie (what one process's IQR cannot show)."""
    multi = [r for r in rows if r["status"] == "ok" and len(r.get("process_medians_pct", ())) > 1]
    if not multi:
        return []
    lines = ["## Cells across processes (each process's median, %)", "",
             "| workload | framework | mode | processes' medians | median | range | "
             "within target |",
             "|---|---|---|---|---|---|---|"]
    spreads = []
    for r in multi:
        meds = r["process_medians_pct"]
        spreads.append(max(meds) - min(meds))
        lines.append(f"| {r['workload']} | {_label(r)} | {r['mode']} | "
                     + ", ".join(f"{m:+.2f}" for m in meds)
                     + f" | {r['overhead_median_pct']:+.2f} | {spreads[-1]:.2f} | "
                     f"{sum(_within(m, r) for m in meds)} of {len(meds)} |")
    spreads.sort()
    lines += ["", f"Range of the process medians over {len(multi)} cells: median "
              f"{spreads[len(spreads) // 2]:.2f} points, largest {spreads[-1]:.2f}.", ""]
    return lines


def render_markdown(docs: list[dict]) -> str:
    """The overhead table (and microbenchmarks, errors, profiles) as markdown."""
    lines = ["# arraykit overhead vs native code", ""]
    if not docs:
        return "\n".join(lines + ["No results yet: run `python -m benchmarks`.", ""])
    methods = list(dict.fromkeys(_method(d) for d in docs))
    lines.append("Timed on: " + ("; ".join(methods) if len(methods) == 1 else
                                 " / ".join(f"env `{_env(d)}`: {_method(d)}" for d in docs))
                 + ".")
    lines.append("")
    lines += _aa_note(docs)
    own = ", ".join(f"{w} {m}{' on ' + f if f else ''} < {t:g}%"
                    for (w, m, f), t in CELL_TARGET_PCT.items())
    lines.append(
        "Overhead = t(arraykit) / t(native) - 1 per interleaved round; median over rounds "
        "(± half-width of its ~95% interval, 1.57 IQR / sqrt(rounds), where recorded) "
        "[interquartile range]; where the cells ran in several processes, the median "
        "of the processes' medians (± 1.57 IQR of those medians / sqrt(processes)) [IQR of "
        f"every round of every process]. Targets: < {TARGET_PCT['eager']:g}% eager, "
        f"< {TARGET_PCT['compiled']:g}% compiled or the same program as native ({own}); "
        "✗ marks a miss (counts: 'Against the targets'). "
        "Negative: arraykit was faster (noise, or a different kernel choice).")
    lines += ["", _baseline_note(docs), ""]
    for d in docs:
        load, end = d.get("loadavg_start"), d.get("loadavg_end")
        lines.append(
            f"- env `{_env(d)}`: {d['started']}, Python {d['python']}, {d['cpus']} CPUs, "
            f"load average at start {load[0]:.1f}" if load else f"- env `{_env(d)}`")
        if load and end:
            lines[-1] += f", at end {end[0]:.1f}"
        rounds = f"{d['rounds']} rounds"
        if d.get("processes", 1) > 1:
            compiled = d.get("compiled_rounds", d["rounds"])
            if compiled == d["rounds"]:  # from 2026-12-06 13:30 UTC compiled cells run there too
                rounds = f"{d['processes']} processes x {rounds}"
            else:
                rounds = f"{d['processes']} processes x {rounds} (eager)" + (
                    f", {compiled} rounds (compiled)" if "compiled" in d.get("modes", ()) else "")
        lines[-1] += (f"; {rounds} x blocks of >= {d['min_sample_s']} s; "
                      + ", ".join(f"{k} {v}" for k, v in d["versions"].items()))
        if d.get("skipped"):
            lines[-1] += "; skipped: " + "; ".join(f"{k} ({v})" for k, v in d["skipped"].items())
        if d.get("note"):
            lines[-1] += f". {d['note']}"
    tol = docs[0]["tolerance"]
    lines += ["", f"Results checked before timing: |arraykit - native| <= {tol['atol_times_max']}"
              f" x max|native| + {tol['rtol']} x |native| per element (float32); voxel grids: "
              f"at most {tol['voxel_points_moved']:.1%} of points in another cell.", ""]
    rows = [dict(r, device=d.get("device", "cpu")) for d in docs for r in d["results"]]
    devices = sorted({r["device"] for r in rows}, key=lambda dev: (dev != "cpu", dev))
    if len(devices) > 1:
        lines += _device_table(rows, devices)
    else:
        lines += _table(rows)
    lines.append("")
    times = [r for r in rows if r["status"] == "ok"]
    if times:
        lines += ["## Times per call (median)", "",
                  "| workload | framework | mode | arraykit | native | calls/block | "
                  "first call (compile) arraykit / native |",
                  "|---|---|---|---|---|---|---|"]
        for r in times:
            lines.append(f"| {r['workload']} | {_label(r)} | {r['mode']} | "
                         f"{r['arraykit_median_s'] * 1e3:.3f} ms | "
                         f"{r['native_median_s'] * 1e3:.3f} ms | {r['number']} | "
                         f"{r['arraykit_first_call_s']:.2f} s / {r['native_first_call_s']:.2f} s |")
        lines.append("")
    lines += _target_summary(rows)
    lines += _process_table(rows)
    problems = [r for r in rows
                if r["status"] in ("error", "mismatch", "skipped") or r.get("notes")]
    if problems:
        lines += ["## Errors, mismatches and notes", ""]
        for r in problems:
            what = r.get("error") or r.get("check") or ""
            notes = "; ".join(r.get("notes", []))
            lines.append(f"- {r['workload']} / {_label(r)} / {r['mode']}: {r['status']}"
                         f"{': ' + what if what else ''}{' -- ' + notes if notes else ''}")
        lines.append("")
    missed = [r for r in times if not r["meets_target"] and r.get("profile_arraykit")]
    if missed:
        lines += ["## Where the time goes when a target is missed (cProfile, arraykit side)", "",
                  "layer calls = Python calls into arraykit's or array-api-compat's code per "
                  "workload call; layer time = share of the profiled time cProfile attributes "
                  "to those frames (an upper bound: NumPy ufuncs and operators they call are "
                  "not profiled separately and count as theirs). cProfile's own per-call cost "
                  "inflates Python-heavy code; the timings above are unprofiled.", ""]
        for r in missed:
            prof = r["profile_arraykit"]
            lines.append(f"### {r['workload']} / {_label(r)} / {r['mode']}: "
                         f"{r['overhead_median_pct']:+.2f}%, "
                         f"{prof['layer_calls']:.0f} layer calls, layer time <= "
                         f"{prof['layer_share_pct']:.1f}%")
            lines += ["", "```", *prof["top"], "```", ""]
    for d in docs:
        micro = d.get("micro", {})
        disp = micro.get("dispatch")
        if isinstance(disp, list) and disp:
            lines += [f"## array_namespace vs array-api-compat (env `{_env(d)}`, ns per call: "
                      "median ± IQR, and the fastest round)", "",
                      "| case | arraykit | compat | compat / arraykit (fastest rounds) |",
                      "|---|---|---|---|"]
            for row in disp:
                ak, cp = row["arraykit_ns"], row.get("compat_ns")
                akm, cpm = row.get("arraykit_min_ns", ak), row.get("compat_min_ns", cp)
                lines.append(f"| {row['case']} | {ak:.0f} ± {row['arraykit_iqr_ns']:.0f} "
                             f"(min {akm:.0f}) | "
                             + (f"{cp:.0f} ± {row['compat_iqr_ns']:.0f} (min {cpm:.0f}) | "
                                f"{cpm / akm:.1f}x |"
                                if cp is not None else "unsupported | |"))
            lines.append("")
        for key, title in (("tf_ops", "TensorFlow shim per op"),
                           ("mxnet_ops", "MXNet shim per op")):
            ops = micro.get(key)
            if isinstance(ops, dict) and "error" in ops:
                lines += [f"## {title}: not measured ({ops['error']})", ""]
            if not isinstance(ops, list) or not ops:
                continue
            variants = [k[:-3] for k in ops[0] if k.endswith("_us")]
            lines += [f"## {title} (env `{_env(d)}`, us per call: median / fastest round)",
                      "", "| op | n | " + " | ".join(variants) + " | shim - raw (fastest) |",
                      "|---|---|" + "---|" * (len(variants) + 1)]
            for row in ops:
                vals = " | ".join(f"{row[v + '_us']:.2f} / {row.get(v + '_min', 0):.2f}"
                                  for v in variants)
                diff = row.get("shim_min", row["shim_us"]) - row.get("raw_min", row["raw_us"])
                lines.append(f"| {row['op']} | {row['n']} | {vals} | {diff:+.2f} |")
            lines.append("")
    return "\n".join(lines)


def render_chart(docs: list[dict], path: Path) -> bool:
    """Bar chart of median overhead (IQR as error bars) per workload and framework, eager and
    compiled side by side; False when matplotlib is not installed here."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    rows = [r for d in docs for r in d["results"] if r["status"] == "ok"]
    labels = list(dict.fromkeys(_label(r) for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
    for ax, mode in zip(axes, ("eager", "compiled")):
        width = 0.8 / max(len(labels), 1)
        for j, lab in enumerate(labels):
            xs, ys, lo, hi = [], [], [], []
            for i, w in enumerate(WORKLOADS):
                r = next((r for r in rows if r["workload"] == w and _label(r) == lab
                          and r["mode"] == mode), None)
                if r is None:
                    continue
                xs.append(i - 0.4 + width * (j + 0.5))
                ys.append(r["overhead_median_pct"])
                lo.append(r["overhead_median_pct"] - r["overhead_q1_pct"])
                hi.append(r["overhead_q3_pct"] - r["overhead_median_pct"])
            if xs:
                ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=lab)
        ax.axhline(TARGET_PCT[mode], color="red", ls="--", lw=1,
                   label=f"target {TARGET_PCT[mode]}%")
        ax.axhline(0, color="black", lw=0.6)
        # Symmetric log: overheads span 0.01% to tens of percent, of either sign.
        ax.set_yscale("symlog", linthresh=TARGET_PCT[mode])
        ax.set_xticks(range(len(WORKLOADS)), WORKLOADS)
        ax.set_title(f"{mode}")
        ax.set_ylabel("overhead of arraykit vs native (%)")
        ax.legend(fontsize=7)
    fig.suptitle("arraykit overhead per workload and framework (median, IQR bars)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_report(results_dir: Path, quick: bool = False) -> list[Path]:
    """Rebuild ``overhead.md`` (and ``overhead.png`` where matplotlib is installed) from every
    results file of the kind (full or --quick) in ``results_dir``."""
    docs = load_results(results_dir, quick)
    stem = "overhead.quick" if quick else "overhead"
    md = results_dir / f"{stem}.md"
    md.write_text(render_markdown(docs) + "\n")
    written = [md]
    png = results_dir / f"{stem}.png"
    if docs and render_chart(docs, png):
        written.append(png)
    return written
