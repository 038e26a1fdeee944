# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class LSTNetArgs:
    window: int = 24
    m: int = 3
    hidRNN: int = 8
    hidCNN: int = 8
    hidSkip: int = 4
    CNN_kernel: int = 4
    skip: int = 4
    highway_window: int = 6
    dropout: float = 0.2
    output_fun: str = "sigmoid"


class LSTNet(nn.Module):
    def __init__(self, args: LSTNetArgs = LSTNetArgs()):
        super().__init__()
        self.P, self.m = args.window, args.m
        self.hidR, self.hidC, self.hidS = args.hidRNN, args.hidCNN, args.hidSkip
        self.Ck, self.skip = args.CNN_kernel, args.skip
        self.pt = int((self.P - self.Ck) / self.skip)
        self.hw = args.highway_window
        self.conv1 = nn.Conv2d(1, self.hidC, kernel_size=(self.Ck, self.m))
        self.GRU1 = nn.GRU(self.hidC, self.hidR)
        self.dropout = nn.Dropout(p=args.dropout)
        if self.skip > 0:
            self.GRUskip = nn.GRU(self.hidC, self.hidS)
            self.linear1 = nn.Linear(self.hidR + self.skip * self.hidS, self.m)
        else:
            self.linear1 = nn.Linear(self.hidR, self.m)
        if self.hw > 0:
            self.highway = nn.Linear(self.hw, 1)
        self.output = torch.sigmoid if args.output_fun == "sigmoid" else (torch.tanh if args.output_fun == "tanh" else None)

    def forward(self, x):
        batch_size = x.size(0)
        c = x.view(-1, 1, self.P, self.m)
        c = self.dropout(F.relu(self.conv1(c)))
        c = torch.squeeze(c, 3)
        r = c.permute(2, 0, 1).contiguous()
        _, r = self.GRU1(r)  # breaks: compile
        r = self.dropout(torch.squeeze(r, 0))
        if self.skip > 0:
            s = c[:, :, int(-self.pt * self.skip):].contiguous()
            s = s.view(batch_size, self.hidC, self.pt, self.skip)
            s = s.permute(2, 0, 3, 1).contiguous()
            s = s.view(self.pt, batch_size * self.skip, self.hidC)
            _, s = self.GRUskip(s)
            s = s.view(batch_size, self.skip * self.hidS)
            r = torch.cat((r, self.dropout(s)), 1)
        res = self.linear1(r)
        if self.hw > 0:
            z = x[:, -self.hw:, :]
            z = z.permute(0, 2, 1).contiguous().view(-1, self.hw)
            z = self.highway(z).view(-1, self.m)
            res = res + z
        if self.output is not None:
            res = self.output(res)
        return res


Model = LSTNet


def inputs():
    torch.manual_seed(5014)
    return [
        (torch.randn(2, 24, 3),),
        (torch.randn(5, 24, 3),),
    ]
