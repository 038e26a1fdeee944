# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable


class STNkd(nn.Module):
    def __init__(self, k=3, widths=(16, 32, 64)):
        super().__init__()
        self.k = k
        c1, c2, c3 = widths
        self.conv1, self.conv2, self.conv3 = nn.Conv1d(k, c1, 1), nn.Conv1d(c1, c2, 1), nn.Conv1d(c2, c3, 1)
        self.bn1, self.bn2, self.bn3 = nn.BatchNorm1d(c1), nn.BatchNorm1d(c2), nn.BatchNorm1d(c3)
        self.fc1, self.fc2 = nn.Linear(c3, 32), nn.Linear(32, k * k)
        self.c3 = c3

    def forward(self, x):
        batchsize = x.size()[0]
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(self.bn2(self.conv2(x)))
        x = F.relu(self.bn3(self.conv3(x)))
        x = torch.max(x, 2, keepdim=True)[0].view(-1, self.c3)
        x = self.fc2(F.relu(self.fc1(x)))
        iden = Variable(torch.from_numpy(np.eye(self.k).flatten().astype(np.float32))).view(1, self.k * self.k).repeat(batchsize, 1)
        if x.is_cuda:
            iden = iden.cuda()
        x = x + iden
        return x.view(-1, self.k, self.k)


class PointNetEncoder(nn.Module):
    def __init__(self, global_feat=True, feature_transform=False, channel=3):
        super().__init__()
        self.stn = STNkd(channel)
        self.conv1, self.conv2 = nn.Conv1d(channel, 16, 1), nn.Conv1d(16, 32, 1)
        self.global_feat = global_feat
        self.feature_transform = feature_transform
        if self.feature_transform:
            self.fstn = STNkd(k=16)

    def forward(self, x):
        B, D, N = x.size()
        trans = self.stn(x)
        x = torch.bmm(x.transpose(2, 1), trans).transpose(2, 1)
        x = F.relu(self.conv1(x))
        trans_feat = None
        if self.feature_transform:
            trans_feat = self.fstn(x)
            x = torch.bmm(x.transpose(2, 1), trans_feat).transpose(2, 1)
        point_feat = x
        x = torch.max(self.conv2(x), 2, keepdim=True)[0].view(-1, 32)
        if self.global_feat:
            return x, trans
        return torch.cat([x.view(-1, 32, 1).repeat(1, 1, N), point_feat], 1), trans


Model = PointNetEncoder


def inputs():
    torch.manual_seed(3716)
    return [(torch.randn(2, 3, 20),), (torch.randn(4, 3, 33),)]
