; GENERATED from zh-TW.isl by packaging/windows/make_zh_cn_isl.py: do not edit.
; cardtable's Simplified Chinese messages for the Inno Setup wizard.

[LangOptions]
LanguageName=简体中文
LanguageID=$0804
LanguageCodePage=936
DialogFontName=Microsoft YaHei UI
WelcomeFontName=Microsoft YaHei UI

[Messages]
SetupAppTitle=安装程序
SetupWindowTitle=安装 %1
UninstallAppTitle=卸载
UninstallAppFullTitle=卸载 %1

InformationTitle=说明
ConfirmTitle=确认
ErrorTitle=错误

SetupLdrStartupMessage=即将安装 %1，要继续吗？
LdrCannotCreateTemp=无法创建临时文件，安装已中止
LdrCannotExecTemp=无法运行临时文件夹中的文件，安装已中止

LastErrorMessage=%1。%n%n错误 %2：%3
SetupFileMissing=安装文件夹中少了文件 %1。请修正问题，或重新下载这个程序。
SetupFileCorrupt=安装文件已损坏。请重新下载这个程序。
SetupFileCorruptOrWrongVer=安装文件已损坏，或与这个版本的安装程序不兼容。请重新下载这个程序。
InvalidParameter=命令行上有无效的参数：%n%n%1
SetupAlreadyRunning=安装程序已经在运行中。
WindowsVersionNotSupported=这个程序不支持您电脑上的 Windows 版本。
OnlyOnTheseArchitectures=这个程序只能安装在以下处理器架构的 Windows 上：%n%n%1
WinVersionTooLowError=这个程序需要 %1 %2 或更新的版本。
WinVersionTooHighError=这个程序无法安装在 %1 %2 或更新的版本上。
AdminPrivilegesRequired=安装这个程序时，必须以管理员身份登录。
SetupAppRunningError=%1 正在运行。%n%n请先关闭它的所有窗口，再按“确定”继续；按“取消”则结束安装。
UninstallAppRunningError=%1 正在运行。%n%n请先关闭它的所有窗口，再按“确定”继续；按“取消”则结束卸载。

PrivilegesRequiredOverrideTitle=选择安装方式
PrivilegesRequiredOverrideInstruction=要为谁安装？
PrivilegesRequiredOverrideText1=%1 可以安装给这台电脑的所有用户（需要管理员权限），或只安装给您自己。
PrivilegesRequiredOverrideText2=%1 可以只安装给您自己，或安装给这台电脑的所有用户（需要管理员权限）。
PrivilegesRequiredOverrideAllUsers=安装给所有用户(&A)
PrivilegesRequiredOverrideAllUsersRecommended=安装给所有用户（建议）(&A)
PrivilegesRequiredOverrideCurrentUser=只安装给我(&M)
PrivilegesRequiredOverrideCurrentUserRecommended=只安装给我（建议）(&M)

ErrorCreatingDir=无法创建文件夹“%1”
ErrorTooManyFilesInDir=文件夹“%1”里的文件太多，无法再创建文件

ExitSetupTitle=结束安装
ExitSetupMessage=安装尚未完成。现在结束的话，程序不会被安装。%n%n您可以之后再运行安装程序来完成安装。%n%n要结束安装吗？
AboutSetupMenuItem=关于安装程序(&A)...
AboutSetupTitle=关于安装程序
AboutSetupMessage=%1 版本 %2%n%3%n%n%1 网站：%n%4

ButtonBack=< 上一步(&B)
ButtonNext=下一步(&N) >
ButtonInstall=安装(&I)
ButtonOK=确定
ButtonCancel=取消
ButtonYes=是(&Y)
ButtonYesToAll=全部皆是(&A)
ButtonNo=否(&N)
ButtonNoToAll=全部皆否(&O)
ButtonFinish=完成(&F)
ButtonBrowse=浏览(&B)...
ButtonWizardBrowse=浏览(&R)...
ButtonNewFolder=新增文件夹(&M)

SelectLanguageTitle=选择安装语言
SelectLanguageLabel=请选择安装过程中使用的语言。

ClickNext=按“下一步”继续，或按“取消”结束安装。
BrowseDialogTitle=选择文件夹
BrowseDialogLabel=在下面的清单中选一个文件夹，然后按“确定”。
NewFolderName=新文件夹

WelcomeLabel1=欢迎使用 [name] 安装向导
WelcomeLabel2=这会在您的电脑上安装 [name/ver]。%n%n建议您先关闭其他正在运行的程序，再继续安装。

WizardLicense=授权条款
LicenseLabel=继续之前，请先阅读以下重要信息。
LicenseLabel3=请阅读以下授权条款。您必须同意这些条款才能继续安装。
LicenseAccepted=我同意(&A)
LicenseNotAccepted=我不同意(&D)

WizardInfoBefore=信息
InfoBeforeLabel=继续之前，请先阅读以下重要信息。
InfoBeforeClickLabel=准备好继续安装时，请按“下一步”。
WizardInfoAfter=信息
InfoAfterLabel=继续之前，请先阅读以下重要信息。
InfoAfterClickLabel=准备好继续安装时，请按“下一步”。

WizardSelectDir=选择安装位置
SelectDirDesc=要把 [name] 安装在哪里？
SelectDirLabel3=安装程序会把 [name] 安装到以下文件夹。
SelectDirBrowseLabel=按“下一步”继续。若想换一个文件夹，请按“浏览”。
DiskSpaceGBLabel=需要至少 [gb] GB 的可用磁盘空间。
DiskSpaceMBLabel=需要至少 [mb] MB 的可用磁盘空间。
CannotInstallToNetworkDrive=无法安装到网络驱动器。
CannotInstallToUNCPath=无法安装到 UNC 路径。
InvalidPath=请输入含驱动器号的完整路径，例如：%n%nC:\APP%n%n或以下格式的 UNC 路径：%n%n\\server\share
InvalidDrive=您选的驱动器或网络共享文件夹不存在或无法使用，请另选一个。
DiskSpaceWarningTitle=磁盘空间不足
DiskSpaceWarning=安装需要至少 %1 KB 的可用空间，但所选的驱动器只剩 %2 KB。%n%n仍要继续吗？
DirNameTooLong=文件夹名称或路径太长。
InvalidDirName=文件夹名称无效。
BadDirName32=文件夹名称不能含有以下字符：%n%n%1
DirExistsTitle=文件夹已存在
DirExists=文件夹：%n%n%1%n%n已经存在。仍要安装到这个文件夹吗？
DirDoesntExistTitle=文件夹不存在
DirDoesntExist=文件夹：%n%n%1%n%n不存在。要创建这个文件夹吗？

WizardSelectTasks=选择其他工作
SelectTasksDesc=还要做哪些事？
SelectTasksLabel2=选择安装 [name] 时要一并进行的工作，然后按“下一步”。

WizardSelectProgramGroup=选择“开始”菜单文件夹
SelectStartMenuFolderDesc=程序的快捷方式要放在哪里？
SelectStartMenuFolderLabel3=安装程序会在以下“开始”菜单文件夹中创建程序的快捷方式。
SelectStartMenuFolderBrowseLabel=按“下一步”继续。若想换一个文件夹，请按“浏览”。
MustEnterGroupName=请输入文件夹名称。
GroupNameTooLong=文件夹名称或路径太长。
InvalidGroupName=文件夹名称无效。
BadGroupName=文件夹名称不能含有以下字符：%n%n%1
NoProgramGroupCheck2=不要创建“开始”菜单文件夹(&D)

WizardReady=准备安装
ReadyLabel1=安装程序已准备好在您的电脑上安装 [name]。
ReadyLabel2a=按“安装”开始安装；若想检查或修改设置，请按“上一步”。
ReadyLabel2b=按“安装”开始安装。
ReadyMemoDir=安装位置：
ReadyMemoGroup=“开始”菜单文件夹：
ReadyMemoTasks=其他工作：

WizardPreparing=准备安装
PreparingDesc=安装程序正在准备在您的电脑上安装 [name]。
PreviousInstallNotCompleted=先前某个程序的安装或移除尚未完成，需要重新启动才能完成。%n%n重新启动后，请再运行安装程序来安装 [name]。
CannotContinue=安装无法继续。请按“取消”结束。
ApplicationsFound=以下程序正在使用安装程序需要更新的文件。建议让安装程序自动关闭这些程序。
ApplicationsFound2=以下程序正在使用安装程序需要更新的文件。建议让安装程序自动关闭这些程序；安装完成后，安装程序会尝试重新启动它们。
CloseApplications=自动关闭这些程序(&A)
DontCloseApplications=不要关闭这些程序(&D)
ErrorCloseApplications=安装程序无法自动关闭所有程序。继续之前，建议您先关闭正在使用这些文件的程序。
PrepareToInstallNeedsRestart=安装程序必须重新启动电脑。重新启动后，请再运行安装程序来完成 [name] 的安装。%n%n要现在重新启动吗？

WizardInstalling=正在安装
InstallingLabel=安装程序正在您的电脑上安装 [name]，请稍候。

FinishedHeadingLabel=[name] 安装完成
FinishedLabelNoIcons=[name] 已安装到您的电脑上。
FinishedLabel=[name] 已安装到您的电脑上。您可以用创建好的快捷方式打开它。
ClickFinish=按“完成”结束安装程序。
FinishedRestartLabel=要完成 [name] 的安装，必须重新启动电脑。要现在重新启动吗？
FinishedRestartMessage=要完成 [name] 的安装，必须重新启动电脑。%n%n要现在重新启动吗？
YesRadio=是，现在重新启动(&Y)
NoRadio=否，我稍后再重新启动(&N)
RunEntryExec=运行 %1
RunEntryShellExec=查看 %1

SetupAborted=安装没有完成。%n%n请修正问题后再运行一次安装程序。
AbortRetryIgnoreSelectAction=选择处理方式
AbortRetryIgnoreRetry=再试一次(&T)
AbortRetryIgnoreIgnore=略过错误并继续(&I)
AbortRetryIgnoreCancel=取消安装

StatusClosingApplications=正在关闭程序...
StatusCreateDirs=正在创建文件夹...
StatusExtractFiles=正在解压缩文件...
StatusCreateIcons=正在创建快捷方式...
StatusCreateIniEntries=正在写入 INI 设置...
StatusCreateRegistryEntries=正在写入注册表项...
StatusRegisterFiles=正在注册文件...
StatusSavingUninstall=正在储存卸载信息...
StatusRunProgram=正在完成安装...
StatusRestartingApplications=正在重新启动程序...
StatusRollback=正在回滚更改...

ErrorInternal2=内部错误：%1
ErrorFunctionFailedNoCode=%1 失败
ErrorFunctionFailed=%1 失败，代码 %2
ErrorFunctionFailedWithMessage=%1 失败，代码 %2。%n%3
ErrorExecutingProgram=无法运行文件：%n%1

FileAbortRetryIgnoreSkipNotRecommended=略过这个文件（不建议）(&S)
FileAbortRetryIgnoreIgnoreNotRecommended=略过错误并继续（不建议）(&I)
SourceIsCorrupted=来源文件已损坏
SourceDoesntExist=来源文件“%1”不存在
ErrorReadingExistingDest=读取现有文件时发生错误：
FileExistsSelectAction=选择处理方式
FileExists2=文件已经存在。
FileExistsOverwriteExisting=覆盖现有文件(&O)
FileExistsKeepExisting=保留现有文件(&K)
FileExistsOverwriteOrKeepAll=之后的冲突也照这样处理(&D)
ExistingFileNewerSelectAction=选择处理方式
ExistingFileNewer2=现有的文件比安装程序要安装的文件还新。
ExistingFileNewerOverwriteExisting=覆盖现有文件(&O)
ExistingFileNewerKeepExisting=保留现有文件（建议）(&K)
ExistingFileNewerOverwriteOrKeepAll=之后的冲突也照这样处理(&D)
ErrorCreatingTemp=在安装文件夹中创建文件时发生错误：
ErrorReadingSource=读取来源文件时发生错误：
ErrorCopying=复制文件时发生错误：
ErrorReplacingExistingFile=取代现有文件时发生错误：
ErrorRenamingTemp=在安装文件夹中重命名文件时发生错误：

UninstallDisplayNameMark=%1（%2）
UninstallDisplayNameMarks=%1（%2，%3）
UninstallDisplayNameMark32Bit=32 位
UninstallDisplayNameMark64Bit=64 位
UninstallDisplayNameMarkAllUsers=所有用户
UninstallDisplayNameMarkCurrentUser=目前用户

ErrorRestartingComputer=安装程序无法重新启动电脑，请自行重新启动。

UninstallNotFound=文件“%1”不存在，无法卸载。
UninstallOpenError=无法打开文件“%1”，无法卸载
UninstallUnsupportedVer=这个版本的卸载程序看不懂卸载日志文件“%1”的格式，无法卸载
UninstallUnknownEntry=卸载日志中有无法辨识的项目（%1）
ConfirmUninstall=确定要从电脑移除 %1 吗？%n%n您的存档、设置和统计数据会保留下来。
UninstallOnlyOnWin64=这个程序只能在 64 位的 Windows 上卸载。
OnlyAdminCanUninstall=这个程序只有具管理员权限的用户才能卸载。
UninstallStatusLabel=正在从您的电脑移除 %1，请稍候。
UninstalledAll=%1 已从您的电脑移除。
UninstalledMost=%1 卸载完成。%n%n有些项目无法移除，您可以自行删除。
UninstalledAndNeedsRestart=要完成 %1 的卸载，必须重新启动电脑。%n%n要现在重新启动吗？
UninstallDataCorrupted=文件“%1”已损坏，无法卸载

WizardUninstalling=卸载状态
StatusUninstalling=正在卸载 %1...

ShutdownBlockReasonInstallingApp=正在安装 %1。
ShutdownBlockReasonUninstallingApp=正在卸载 %1。

[CustomMessages]
NameAndVersion=%1 版本 %2
AdditionalIcons=其他快捷方式：
CreateDesktopIcon=在桌面创建快捷方式(&D)
ProgramOnTheWeb=%1 网站
UninstallProgram=卸载 %1
LaunchProgram=打开 %1
