"""Probe for issue #13: does fusing q/k/v and gate/up into single projections (and rotating q and k together)
speed up the peer model in eager PyTorch at the peer shapes? Prints, per mode, best-of-8 milliseconds plain vs fused
and their ratio. Needs only torch: /tmp/torchvenv/bin/python scripts/fusion_probe.py"""
import torch, torch.nn.functional as F, time, math
torch.set_num_threads(1); torch.manual_seed(0)
B,T,H,FF,L,nh=64,64,128,344,4,4; hd=H//nh
x0=torch.randn(B,T,H)
W=[dict(q=torch.randn(H,H)*.02,k=torch.randn(H,H)*.02,v=torch.randn(H,H)*.02,o=torch.randn(H,H)*.02,g=torch.randn(FF,H)*.02,u=torch.randn(FF,H)*.02,d=torch.randn(H,FF)*.02,n1=torch.ones(H),n2=torch.ones(H)) for _ in range(L)]
for w in W:
    for k in w: w[k].requires_grad_(True)
ang=torch.arange(T)[:,None]*(10000**(-2*torch.arange(hd//2)/hd))[None]; ang=torch.cat([ang,ang],-1)
cos,sin=ang.cos()[None,None],ang.sin()[None,None]
mask=torch.full((T,T),-1e9).triu(1)
def rms(x,w): return x*torch.rsqrt(x.pow(2).mean(-1,keepdim=True)+1e-6)*w
def rot(x):
    half=x.shape[-1]//2; return x*cos+torch.cat([-x[...,half:],x[...,:half]],-1)*sin
def plain(x):
    for w in W:
        h=rms(x,w['n1'])
        q=F.linear(h,w['q']).view(B,T,nh,hd).transpose(1,2);k=F.linear(h,w['k']).view(B,T,nh,hd).transpose(1,2);v=F.linear(h,w['v']).view(B,T,nh,hd).transpose(1,2)
        q=rot(q)*(1/math.sqrt(hd));k=rot(k)
        a=((q@k.transpose(-1,-2))+mask).softmax(-1)@v
        x=x+F.linear(a.transpose(1,2).reshape(B,T,H),w['o'])
        h=rms(x,w['n2'])
        x=x+F.linear(F.silu(F.linear(h,w['g']))*F.linear(h,w['u']),w['d'])
    return x
def fused(x):
    for w in W:
        h=rms(x,w['n1'])
        qkv=F.linear(h,torch.cat([w['q'],w['k'],w['v']],0)).view(B,T,3,nh,hd).permute(2,0,3,1,4)
        qk=rot(qkv[:2]); q=qk[0]*(1/math.sqrt(hd)); k=qk[1]; v=qkv[2]
        a=((q@k.transpose(-1,-2))+mask).softmax(-1)@v
        x=x+F.linear(a.transpose(1,2).reshape(B,T,H),w['o'])
        h=rms(x,w['n2'])
        gu=F.linear(h,torch.cat([w['g'],w['u']],0))
        x=x+F.linear(F.silu(gu[...,:FF])*gu[...,FF:],w['d'])
    return x
print(torch.equal(plain(x0),fused(x0)))
def tm(f,grad):
    best=1e9
    for r in range(8):
        t=time.perf_counter()
        if grad: f(x0).sum().backward()
        else:
            with torch.no_grad(): f(x0)
        best=min(best,time.perf_counter()-t)
    return best
for grad in (False,True):
    for rep in range(2):
        a,b=tm(plain,grad),tm(fused,grad); print('grad' if grad else 'nograd', round(a*1000,1), round(b*1000,1), round(a/b,3))
