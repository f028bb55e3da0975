#!/usr/bin/env python3
"""The module graph of one folder of the tree, by its #include lines.

Usage: tools/include_graph.py FOLDER [ROOT]   e.g. tools/include_graph.py schema

A module is a .h/.cpp pair (schema/db/meta.h with schema/db/meta.cpp); module A
points to B when a file of A includes "B.h". Prints the number of modules, the
headers standing directly in FOLDER, and every cycle (a strongly connected set
of more than one module). docs/schema.md ("Code map") says why schema/ keeps
its public headers at the top and no cycle between its modules.
"""
import os
import re
import sys


def main() -> int:
    top = sys.argv[1].rstrip('/')
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    modules = {}
    for folder, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if name.endswith(('.h', '.cpp')):
                path = os.path.relpath(os.path.join(folder, name), root)
                modules.setdefault(path.rsplit('.', 1)[0], []).append(path)
    edges = {m: set() for m in modules}
    for module, paths in modules.items():
        for path in paths:
            with open(os.path.join(root, path), encoding='utf-8') as f:
                for line in f:
                    found = re.match(r'#include "(.+)\.h"', line)
                    if found and found.group(1) in modules and found.group(1) != module:
                        edges[module].add(found.group(1))
    # Tarjan's strongly connected components, iteratively.
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []
    counter = 0
    for start in sorted(modules):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    headers = [n for n in os.listdir(os.path.join(root, top)) if n.endswith('.h')]
    print(f'{top}: {len(modules)} modules, {len(headers)} headers directly in {top}/, '
          f'{len(cycles)} cycles')
    for cycle in cycles:
        print('  cycle: ' + ' <-> '.join(cycle))
    return 0


if __name__ == '__main__':
    sys.exit(main())
