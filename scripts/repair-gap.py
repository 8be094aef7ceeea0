#!/usr/bin/env python3
"""wcdb recover against sqlite3's .recover on 20,000-row plain tables with 1 % of their pages damaged.

    bash scripts/build-sqlite3-shell.sh && swift build --product wcdb
    python3 scripts/repair-gap.py SHAPE FIRST_SEED END_SEED       # whole pages of random bytes
    PARTIAL=1 python3 scripts/repair-gap.py SHAPE FIRST END        # a run of 8..pagesize/2 random bytes per page
    CHUNK=1024 PARTIAL=1 …                                         # damage laid out in 1 KiB blocks

SHAPE: plain, idx, small, big, wal, churn, churnupd, ovf, ps1k (see `shapes` below). Per seed it prints
the rows each recover returns equal to the original in every column, its wrong rows in parentheses,
and LOSS where ours returned fewer exact rows than sqlite3. Work files go to $REPAIR_GAP_WORK
(default /tmp/repair-gap); $SQLITE3_SHELL and $WCDB name the two tools.
"""
import sqlite3, random, subprocess, sys, os, shutil
SPANS=[]
PARTIAL=os.environ.get("PARTIAL")=="1"
ROOT=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHELL=os.environ.get("SQLITE3_SHELL",ROOT+"/.build/sqlite3-dbpage/sqlite3")
WCDB=os.environ.get("WCDB",ROOT+"/.build/debug/wcdb")
WORK=os.environ.get("REPAIR_GAP_WORK","/tmp/repair-gap")
def make(path, shape, n=20000, seed=0):
    for x in (path,path+"-wal"):
        if os.path.exists(x): os.remove(x)
    r=random.Random(seed)
    c=sqlite3.connect(path)
    ps=shape.get("page_size",4096)
    c.execute(f"PRAGMA page_size={ps}")
    c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, body TEXT, score REAL, n INTEGER)")
    if shape.get("index"): c.execute("CREATE INDEX t_name ON t(name)")
    lo,hi=shape.get("size",(50,200))
    rows=[]
    for i in range(1,n+1):
        body=''.join(r.choice('abcdefghijklmnopqrstuvwxyz ') for _ in range(r.randint(lo,hi)))
        rows.append((i,f"name{r.randint(0,10**6)}",body,r.random()*1000,r.randint(-10**9,10**9)))
    if shape.get("wal"): c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
    if shape.get("churn"):
        extra=[(i+n,)+rows[r.randrange(n)][1:] for i in range(1,n+1)]
        allr=rows+extra; r.shuffle(allr)
        for k in range(0,len(allr),500):
            c.executemany("INSERT INTO t VALUES(?,?,?,?,?)",allr[k:k+500]); c.commit()
        c.execute(f"DELETE FROM t WHERE id>{n}")
        c.commit()
        if shape.get("upd"):
            for i in r.sample(range(1,n+1),n//4):
                b=rows[i-1][2][:r.randint(0,len(rows[i-1][2]))]
                rows[i-1]=rows[i-1][:2]+(b,)+rows[i-1][3:]
                c.execute("UPDATE t SET body=? WHERE id=?",(b,i))
            c.commit()
    else:
        for k in range(0,len(rows),2000):
            c.executemany("INSERT INTO t VALUES(?,?,?,?,?)",rows[k:k+2000]); c.commit()
    if shape.get("wal"):
        shutil.copy(path,path+".c"); shutil.copy(path+"-wal",path+".c-wal")
        c.close(); os.replace(path+".c",path); os.replace(path+".c-wal",path+"-wal")
    else: c.close()
    return {row[0]:row for row in rows}
def damage(path, seed, frac=0.01, ps=4096):
    if os.environ.get("CHUNK"): ps=int(os.environ["CHUNK"])
    size=os.path.getsize(path); pc=size//ps
    r=random.Random(seed)
    pages=r.sample(range(2,pc+1), max(1,pc*frac//1 if frac>=0 else 1) if False else max(1,int(pc*frac)))
    with open(path,"r+b") as f:
        for p in pages:
            if PARTIAL:
                ln=r.randint(8,ps//2); off=r.randrange(0,ps-ln); SPANS.append((p,off,ln))
                f.seek((p-1)*ps+off); f.write(r.randbytes(ln))
            else:
                f.seek((p-1)*ps); f.write(bytes(r.getrandbits(8) for _ in range(ps)))
    return sorted(pages), pc
def count(dbpath, orig, table="t"):
    try:
        c=sqlite3.connect(dbpath); c.text_factory=lambda b: b.decode("utf-8","surrogateescape")
        got=c.execute(f"SELECT id,name,body,score,n FROM {table}").fetchall()
        c.close()
    except Exception as e:
        return 0,0,set(),0
    ex=set(); wrong=0
    for row in got:
        if orig.get(row[0])==tuple(row): ex.add(row[0])
        else: wrong+=1
    laf=set()
    try:
        c=sqlite3.connect(dbpath); c.text_factory=lambda b: b.decode("utf-8","surrogateescape")
        for (name,) in c.execute("select name from sqlite_master where type='table' and name like 'lost_and_found%'").fetchall():
            cols=[r[1] for r in c.execute(f"pragma table_info({name})")]
            for row in c.execute(f"select * from {name}"):
                d=dict(zip(cols,row))
                if 'id' in d and d.get('nfield')==5:
                    i=d['id']; 
                    if orig.get(i)==(i,d['c1'],d['c2'],d['c3'],d['c4']): laf.add(i)
        c.close()
    except Exception as e: print("laf err",e)
    return len(ex),wrong,ex,len(ex|laf)
def run(shape, seed, keep=False):
    d=f"{WORK}/{'p' if PARTIAL else ''}{os.environ.get('CHUNK','')}{os.environ.get('TAG','')}{shape['name']}-{seed}"; shutil.rmtree(d,ignore_errors=True); os.makedirs(d)
    src=d+"/src.db"
    orig=make(src,shape)
    pages,pc=damage(src,seed,ps=shape.get("page_size",4096))
    theirs=d+"/theirs.db"
    subprocess.run(f"'{SHELL}' '{src}' .recover 2>/dev/null | '{SHELL}' '{theirs}' >/dev/null 2>&1",shell=True)
    ours=d+"/ours.db"
    p=subprocess.run([WCDB,"recover",src,ours],capture_output=True,text=True)
    a=count(ours,orig); b=count(theirs,orig)
    print(f"{shape['name']} seed={seed} pages={pc} dmg={len(pages)} ours={a[0]}({a[1]}) laf+={a[3]} sqlite3={b[0]}({b[1]}) laf+={b[3]} {'LOSS' if a[0]<b[0] else ''} {p.stderr.strip()[:200] if p.returncode else ''}",flush=True)
    import json; json.dump({"spans":SPANS,"ours":sorted(a[2]),"theirs":sorted(b[2])},open(d+"/info.json","w")); SPANS.clear()
    return a,b,pages,d
if __name__=="__main__":
    shapes={"plain":{"name":"plain"},"idx":{"name":"idx","index":True},"small":{"name":"small","size":(10,40)},"big":{"name":"big","size":(300,1500),"index":True},
      "wal":{"name":"wal","wal":True},"churn":{"name":"churn","churn":True},"churnupd":{"name":"churnupd","churn":True,"upd":True,"index":True},
      "ovf":{"name":"ovf","size":(2000,6000)},"ps1k":{"name":"ps1k","page_size":1024,"index":True}}
    sh=shapes[sys.argv[1]]
    for s in range(int(sys.argv[2]),int(sys.argv[3])): run(sh,s)
