#!/usr/bin/python3
"""Makes the golden files of test-match-2026: applies a .vis.config (or unmatches one pair) on a copy of a
mindstudio-probe 26.0.0 .vis.db exactly as tb_graph_ascend 26.0.0's server does, by running its own code
(Ascend/msprobe 8ff00da3: plugins/tb_graph_ascend/hierarchy_plugin/server, which calls msprobe's
MatchedNodeCalculator). Nothing of it is re-implemented here; only the modules it imports that Debian lacks (tensorboard, werkzeug, matplotlib, einops) are stubbed.

Use: MSPROBE_HEAD=EXPORT /usr/bin/python3 make-golden.py match SOURCE.vis.db CONFIG.vis.config OUT.vis.db
     MSPROBE_HEAD=EXPORT /usr/bin/python3 make-golden.py unmatch SOURCE.vis.db NPU_NAME BENCH_NAME OUT.vis.db
     MSPROBE_HEAD=EXPORT /usr/bin/python3 make-golden.py tensor SOURCE.vis.db UNMATCH.vis.config MATCH.vis.config OUT.vis.db
     MSPROBE_HEAD=EXPORT /usr/bin/python3 make-golden.py button SOURCE.vis.db NPU_NAME BENCH_NAME OUT.vis.db
The button action is the match button on one pair (process_task_add), which matches its forward/backward twin too.
The tensor action (a real-data compare): every pair of UNMATCH goes through the unmatch button
(process_task_delete, twins included), then every pair of MATCH through the viewer's real-data match of one pair
(process_tensor_task_add, what its match button runs for the pair; its "by config" has no real-data branch).
Its dump_data_dir columns name <STRIP>/msprobe-2026 (see ../reference-2026/README.md): while the viewer
runs they name ../reference-2026, where the tensor files are, and then they are put back.
EXPORT is `git archive 8ff00da3 python plugins/tb_graph_ascend/hierarchy_plugin/server` unpacked."""
import json
import logging
import os
import shutil
import sqlite3
import sys
import types

head = os.environ['MSPROBE_HEAD']
sys.path.insert(0, os.path.join(head, 'python'))
sys.path.insert(0, os.path.join(head, 'plugins', 'tb_graph_ascend'))
tb = types.ModuleType('tensorboard')
tb_util = types.ModuleType('tensorboard.util')
tb_logging = types.ModuleType('tensorboard.util.tb_logging')
tb_logging.get_logger = lambda: logging.getLogger('tb')
tb.util = tb_util
tb_util.tb_logging = tb_logging
backend = types.ModuleType('tensorboard.backend')
backend.http_util = types.ModuleType('tensorboard.backend.http_util')
werkzeug = types.ModuleType('werkzeug.wrappers.request')
werkzeug.Request = object
sys.modules.update({'tensorboard': tb, 'tensorboard.util': tb_util, 'tensorboard.util.tb_logging': tb_logging,
                    'tensorboard.backend': backend, 'tensorboard.backend.http_util': backend.http_util,
                    'werkzeug': types.ModuleType('werkzeug'), 'werkzeug.wrappers': types.ModuleType('werkzeug.wrappers'),
                    'werkzeug.wrappers.request': werkzeug})
# The PyTorch tensor reader's imports draw and reshape with packages Debian lacks; nothing of them is run.
for name in ('matplotlib', 'matplotlib.pyplot', 'matplotlib.patches', 'einops'):
    sys.modules[name] = types.ModuleType(name)
    sys.modules[name].__getattr__ = lambda attr: type(attr, (), {})
    if '.' in name:
        setattr(sys.modules[name.rsplit('.', 1)[0]], name.rsplit('.', 1)[1], sys.modules[name])
for name in ('hierarchy_plugin', 'hierarchy_plugin.server'):   # skip the packages' plugin imports
    m = types.ModuleType(name)
    m.__path__ = [os.path.join(head, 'plugins', 'tb_graph_ascend', *name.split('.'))]
    sys.modules[name] = m

from hierarchy_plugin.server.app.repositories.graph_repo_db import GraphRepoDB  # noqa: E402
from hierarchy_plugin.server.app.model.match_nodes_model import MatchNodesController  # noqa: E402
from hierarchy_plugin.server.app.utils.global_state import GraphState  # noqa: E402


def copy_db(source, out):
    src = sqlite3.connect('file:%s?immutable=1' % source, uri=True)
    dst = sqlite3.connect(out)
    src.backup(dst)
    dst.close()
    src.close()


STRIP = '<STRIP>/msprobe-2026'


def set_tensor_root(out, old, new):
    conn = sqlite3.connect(out)
    with conn:
        conn.execute('UPDATE tb_nodes SET dump_data_dir = replace(dump_data_dir, ?, ?)', (old, new))
    conn.close()


def tensor(repo, rank, step, task, unmatch_path, match_path):
    with open(unmatch_path, encoding='utf-8') as f:
        unmatch = json.load(f)
    with open(match_path, encoding='utf-8') as f:
        match = json.load(f)
    assert task == 'all'
    for npu, bench in unmatch.items():
        results = MatchNodesController.process_task_delete(repo.query_matched_nodes_info(npu, bench, rank, step),
                                                           npu, bench, task)
        update = [node for r in results if r.get('success') for node in r.get('data', [])]
        assert update and repo.update_nodes_info(update, rank, step)
    for npu, bench in match.items():
        result = MatchNodesController.process_tensor_task_add(repo.query_matched_nodes_info(npu, bench, rank, step),
                                                              npu, bench)
        print(json.dumps({k: result.get(k) for k in ('success', 'error')}))
        assert result.get('success') and repo.update_nodes_info(result['data'], rank, step)


def main():
    action, source = sys.argv[1], sys.argv[2]
    out = sys.argv[-1]
    if os.path.exists(out):
        os.remove(out)
    copy_db(source, out)
    os.chmod(out, 0o640)
    repo = GraphRepoDB(out)
    conn = sqlite3.connect(out)
    task = conn.execute('SELECT task FROM tb_config').fetchone()[0]
    step, rank = conn.execute('SELECT step, rank FROM tb_nodes LIMIT 1').fetchone()
    conn.close()
    relations = repo.query_all_matched_relations(rank, step, -1)
    GraphState.set_global_value('config_data', {
        'npuMatchNodes': relations.get('npu_match_node'), 'benchMatchNodes': relations.get('bench_match_node'),
        'npuUnMatchNodes': relations.get('npu_unmatch_node'), 'benchUnMatchNodes': relations.get('bench_unmatch_node')})
    if action == 'tensor':
        root = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'reference-2026'))
        set_tensor_root(out, STRIP, root)
        tensor(repo, rank, step, task, sys.argv[3], sys.argv[4])
        repo.conn.close()
        set_tensor_root(out, root, STRIP)
        update = None
    elif action == 'match':
        with open(sys.argv[3], encoding='utf-8') as f:
            links = json.load(f)
        graph_data = repo.query_matched_nodes_info_by_config(links, rank, step)
        results = MatchNodesController.process_task_add_child_layer_by_config(graph_data, links, task)
    elif action == 'button':
        graph_data = repo.query_matched_nodes_info(sys.argv[3], sys.argv[4], rank, step)
        results = MatchNodesController.process_task_add(graph_data, sys.argv[3], sys.argv[4], task)
    else:
        graph_data = repo.query_matched_nodes_info(sys.argv[3], sys.argv[4], rank, step)
        results = MatchNodesController.process_task_delete(graph_data, sys.argv[3], sys.argv[4], task)
    if action != 'tensor':
        update = [node for r in results if r.get('success') for node in r.get('data', [])]
        print(json.dumps([{k: r.get(k) for k in ('success', 'error')} for r in results]))
        assert update and repo.update_nodes_info(update, rank, step)
        repo.conn.close()
    conn = sqlite3.connect(out)   # fold the WAL in and leave a plain file, as it is stored
    conn.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    conn.close()


main()
