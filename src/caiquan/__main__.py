from caiquan.cli.main import main

main()
