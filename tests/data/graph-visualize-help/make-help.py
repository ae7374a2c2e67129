#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes what Python 3.11's argparse prints for msprobe 26.0.0's graph_visualize parser
# (_graph_service_parser, python/msprobe/visualization/graph_service.py:621-724@8ff00da3,
# copied below) with msvis's --rank/--step group added, under the program name msvis:
# help-COLUMNS.txt for -h, and usage-error-COLUMNS.txt for a missing -o.
# Run: python3 make-help.py (from this folder).
import argparse
import contextlib
import io
import os


def graph_service_parser(parser):
    parser.add_argument("-tp", "--target_path", dest="target_path", type=str,
                        help="<Required> The target path.", required=True)
    parser.add_argument("-o", "--output_path", dest="output_path", type=str,
                        help="<Required> The visualization task result out path.", required=True)
    parser.add_argument("-gp", "--golden_path", dest="golden_path", type=str,
                        help="<Optional> The golden path.", required=False)
    parser.add_argument("-lm", "--layer_mapping", dest="layer_mapping", type=str, nargs='?',
                        const=True, help="<Optional> The layer mapping file path.", required=False)
    parser.add_argument("-oc", "--overflow_check", dest="overflow_check", action="store_true",
                        help="<Optional> whether open overflow_check for graph.", required=False)
    parser.add_argument("-fm", "--fuzzy_match", dest="fuzzy_match", action="store_true",
                        help="<Optional> whether to perform a fuzzy match on the api name.",
                        required=False)
    parser.add_argument("-tensor_log", "--is_print_compare_log", dest="is_print_compare_log",
                        action="store_true",
                        help="<Optional> whether print tensor compare log for visualization task.",
                        required=False)
    parser.add_argument("-progress_log", "--is_print_progress_log", dest="is_print_progress_log",
                        action="store_true",
                        help="<Optional> whether print progress log for visualization task.",
                        required=False)
    group_n = parser.add_argument_group(
        "Parallel Parameters, used for graph merging under different parallel partitioning strategies")
    group_n.add_argument("--rank_size", type=int, nargs='+',
                         help="<Optional> The rank size of dump path.", required=False)
    group_n.add_argument("--tp", type=int, nargs='+',
                         help="<Optional, but required if rank_size is not empty> The tp size of dump path.",
                         required=False)
    group_n.add_argument("--pp", type=int, nargs='+',
                         help="<Optional, but required if rank_size is not empty> The pp size of dump path.",
                         required=False)
    group_n.add_argument("--vpp", type=int, nargs='+', default=[1],
                         help="<Optional> The vpp size of dump path.", required=False)
    group_n.add_argument("--order", type=str, nargs='+', default=['tp-cp-ep-dp-pp'],
                         help="<Optional> The order of dump path.", required=False)
    parser.add_argument("--file_type", dest="file_type", type=str, default="db",
                        choices=["db", "json"],
                        help="<Optional> Output file type, default is db, can be json. Only supported in graph merge build scenarios.",
                        required=False)


def msvis_parser():
    parser = argparse.ArgumentParser(prog="msvis")
    sub = parser.add_subparsers()
    gv = sub.add_parser("graph_visualize")
    graph_service_parser(gv)
    ext = gv.add_argument_group(
        "msvis extensions (msprobe has none)",
        "A run split with --rank/--step over several jobs is joined with "
        "`msvis merge-db A.vis.db B.vis.db ... -o RUN.vis.db`.")
    ext.add_argument("--rank", help="<Optional> Build or compare only these ranks, such as 0-3,8. "
                     "Not with --rank_size: a merge needs every rank of a step.")
    ext.add_argument("--step", help="<Optional> Build or compare only these steps, such as 1 or 0-9.")
    return parser


def capture(args, stream):
    text = io.StringIO()
    redirect = contextlib.redirect_stdout if stream == "out" else contextlib.redirect_stderr
    with redirect(text):
        try:
            msvis_parser().parse_args(["graph_visualize"] + args)
        except SystemExit:
            pass
    return text.getvalue()


for columns in (80, 52, 34):
    os.environ["COLUMNS"] = str(columns)
    with open(f"help-{columns}.txt", "w") as f:
        f.write(capture(["-h"], "out"))
    with open(f"usage-error-{columns}.txt", "w") as f:
        f.write(capture(["-tp", "dump"], "err"))
