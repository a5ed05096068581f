"""Generate the installer's Simplified Chinese messages from the Traditional ones.

    python packaging/windows/make_zh_cn_isl.py          # (re)write languages/zh-CN.isl
    python packaging/windows/make_zh_cn_isl.py --check  # exit 1 when zh-CN.isl is stale

languages/zh-TW.isl is written by hand; zh-CN.isl is never edited by hand. Each message is
converted like the app's catalogs (scripts/make_zh_cn.py: OpenCC t2s after the reviewed phrases
of locales/zh-CN.overrides.json), with the installer's own vocabulary first (INSTALLER_PHRASES:
Windows says 文件夹, 快捷方式, 卸载 where Taiwan says 資料夾, 捷徑, 解除安裝). [LangOptions] are
mainland China's. Needs opencc-python-reimplemented (the test extra).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SOURCE = HERE / "languages" / "zh-TW.isl"
TARGET = HERE / "languages" / "zh-CN.isl"
BOM = "\ufeff"

LANG_OPTIONS = {
    "LanguageName": "简体中文",
    "LanguageID": "$0804",
    "LanguageCodePage": "936",
    "DialogFontName": "Microsoft YaHei UI",
    "WelcomeFontName": "Microsoft YaHei UI",
}
# the words of Windows in mainland China, where they differ from Taiwan's
INSTALLER_PHRASES = {
    "解除安裝記錄檔": "卸载日志文件",
    "解除安裝記錄": "卸载日志",
    "解除安裝": "卸载",
    "資料夾": "文件夹",
    "捷徑": "快捷方式",
    "「開始」功能表": "“开始”菜单",
    "功能表": "菜单",
    "磁碟機代號": "驱动器号",
    "網路磁碟機": "网络驱动器",
    "網路共用資料夾": "网络共享文件夹",
    "磁碟機": "驱动器",
    "磁碟": "磁盘",
    "重新開機": "重新启动",
    "系統管理員": "管理员",
    "登錄資料": "注册表项",
    "登錄檔案": "注册文件",
    "暫存檔": "临时文件",
    "暫存資料夾": "临时文件夹",
    "命令列": "命令行",
    "參數": "参数",
    "相容": "兼容",
    "架構": "架构",
    "位元": "位",
    "字元": "字符",
    "執行": "运行",
    "開啟": "打开",
    "建立": "创建",
    "檢視": "查看",
    "覆寫": "覆盖",
    "重新命名": "重命名",
    "資訊": "信息",
    "復原變更": "回滚更改",
    "登入": "登录",
    "精靈": "向导",
    "網站": "网站",
    "身分": "身份",
}


def _load_converter() -> object:
    spec = importlib.util.spec_from_file_location("_make_zh_cn", ROOT / "scripts" / "make_zh_cn.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    phrases, _keys = module.load_overrides()
    return module.Converter({**phrases, **INSTALLER_PHRASES})


_ENTRY = re.compile(r"^(\w+)=(.*)$")


def generate(source: Path = SOURCE) -> str:
    conv = _load_converter()
    out = ["; GENERATED from zh-TW.isl by packaging/windows/make_zh_cn_isl.py: do not edit.",
           "; cardtable's Simplified Chinese messages for the Inno Setup wizard."]
    section = ""
    for line in source.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith(";"):
            continue
        if line.startswith("["):
            section = line
            out.append(line)
            continue
        m = _ENTRY.match(line)
        if m is None:
            out.append(line)
            continue
        key, value = m.groups()
        if section == "[LangOptions]":
            value = LANG_OPTIONS.get(key, value)
        else:
            value = conv.convert(value)  # type: ignore[attr-defined]
        out.append(f"{key}={value}")
    text = "\n".join(out).strip("\n") + "\n"
    return BOM + text.replace("\n", "\r\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when stale")
    args = parser.parse_args(argv)
    wanted = generate()
    current = TARGET.read_bytes().decode("utf-8") if TARGET.exists() else None
    if args.check:
        if current != wanted:
            sys.stderr.write(f"{TARGET.relative_to(ROOT)} is stale: run "
                             "packaging/windows/make_zh_cn_isl.py\n")
            return 1
        return 0
    if current != wanted:
        TARGET.write_bytes(wanted.encode("utf-8"))
        sys.stdout.write(f"wrote {TARGET.relative_to(ROOT)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
