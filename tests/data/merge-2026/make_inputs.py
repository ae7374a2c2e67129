#!/usr/bin/python3
"""The dumps of tests/core/test-merge-rules26.c, small enough to read: each shows one rule of
msprobe-2026.md §11.1. Their expected outputs (out/) were written by msprobe 8ff00da3
(mindstudio-probe 26.0.0) through run_msprobe_head.py, see README.md."""
import json
import os


def tensor(mx, mn, mean, norm, dtype="torch.float32", shape=(4, 4)):
    return {"type": "torch.Tensor", "dtype": dtype, "shape": list(shape),
            "Max": mx, "Min": mn, "Mean": mean, "Norm": norm, "requires_grad": False}


def write(rank_dir, entries):
    """entries: list of (name, parent, body)"""
    os.makedirs(rank_dir, exist_ok=True)
    construct = {name: parent for name, parent, _ in entries}
    data = {name: body for name, _, body in entries}
    dump = {"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": None,
            "data": data}
    stack = {str(i): [[name], [f'File "/src/model.py", line {10 + i}, in forward, x = {name.split(".")[1]}(x)']]
             for i, (name, _, _) in enumerate(entries)}
    for fname, obj in (("construct.json", construct), ("dump.json", dump), ("stack.json", stack)):
        with open(os.path.join(rank_dir, fname), "w") as f:
            json.dump(obj, f, indent=1)


def pp_root():
    """Layers right under the root, numbered on across the stages: rank 1's layers.2, layers.3
    and norm are root uniques that msprobe 26 merges into rank 0's graph."""
    a = tensor(1.0, -1.0, 0.5, 2.0)
    b = tensor(3.0, -2.0, 0.25, 5.0)
    io = {"input_args": [a], "input_kwargs": {}, "output": [b]}
    write("pp_root/npu/rank0", [
        ("Module.layers.0.Layer.forward.0", None, io),
        ("Torch.add.0.forward", "Module.layers.0.Layer.forward.0", io),
        ("Module.layers.1.Layer.forward.0", None, io),
        ("Torch.mul.0.forward", "Module.layers.1.Layer.forward.0", io),
    ])
    write("pp_root/npu/rank1", [
        ("Module.layers.2.Layer.forward.0", None, io),
        ("Torch.add.0.forward", "Module.layers.2.Layer.forward.0", io),
        ("Module.layers.3.Layer.forward.0", None, io),
        ("Torch.mul.0.forward", "Module.layers.3.Layer.forward.0",
         {"input_args": [a, {"type": "int", "value": 2}], "input_kwargs": {"alpha": {"type": "float", "value": 0.5}},
          "output": [b]}),
        ("Module.norm.Norm.forward.0", None, io),
        ("Torch.div.0.forward", "Module.norm.Norm.forward.0", io),
    ])


def tp_none():
    """A statistic that is null on one rank (float8 dumps have them): msprobe 26 merges the
    others and leaves that one alone; July stopped with a TypeError."""
    for r in range(2):
        x = tensor(None if r else 1.0, -1.0 - r, 0.5 + r, 2.0 + r)
        y = tensor(2.0 + r, -2.0, None, 3.0 + r)
        io = {"input_args": [x], "input_kwargs": {}, "output": [y]}
        write(f"tp_none/npu/rank{r}", [
            ("Module.fc.Linear.forward.0", None, io),
            ("Functional.linear.0.forward", "Module.fc.Linear.forward.0", io),
            ("Torch.add.0.forward", None, io),
            ("Torch.mul.0.forward", None, io),
        ])


def vpp():
    """Two pipeline stages with two virtual chunks each (Module.0.…, Module.1.…), layers in
    every chunk: merged with --vpp 2, which a build reads in msprobe 26."""
    for r in range(2):
        entries = []
        for chunk in range(2):
            gpt = f"Module.{chunk}.model.GPT.forward.0"
            entries.append((gpt, None, {"input_args": [tensor(1.0 + chunk, -1.0, 0.5, 2.0)],
                                        "input_kwargs": {},
                                        "output": [tensor(3.0 + r + chunk, -1.0, 0.5, 2.0)]}))
            for layer in range(2):
                mod = f"Module.{chunk}.model.layers.{layer}.Layer.forward.0"
                t = tensor(2.0 + 10 * r + 4 * chunk + layer, -1.0, 0.5, 2.0)
                entries.append((mod, gpt, {"input_args": [t], "input_kwargs": {}, "output": [t]}))
                entries.append((f"Torch.matmul.{2 * chunk + layer}.forward", mod,
                                {"input_args": [t], "input_kwargs": {}, "output": [t]}))
        write(f"vpp/npu/rank{r}", entries)


pp_root()
tp_none()
vpp()
